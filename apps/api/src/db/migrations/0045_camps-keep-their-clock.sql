ALTER TABLE "camps" ADD COLUMN "time_zone" text DEFAULT 'UTC' NOT NULL;--> statement-breakpoint
-- A camp keeps its organisation's time zone, kept by triggers as `listed` is (migration 0035), so
-- search and every statement over many camps read each camp's today from the camp alone
-- (docs/decisions/047).
CREATE FUNCTION camps_set_time_zone() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  NEW.time_zone := (SELECT o.time_zone FROM organizations o WHERE o.id = NEW.org_id);
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER camps_set_time_zone BEFORE INSERT OR UPDATE OF org_id, time_zone
  ON camps FOR EACH ROW EXECUTE FUNCTION camps_set_time_zone();--> statement-breakpoint
CREATE FUNCTION organizations_retime_camps() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE camps SET time_zone = NEW.time_zone WHERE org_id = NEW.id AND time_zone IS DISTINCT FROM NEW.time_zone;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER organizations_retime_camps AFTER UPDATE OF time_zone ON organizations
  FOR EACH ROW WHEN (OLD.time_zone IS DISTINCT FROM NEW.time_zone)
  EXECUTE FUNCTION organizations_retime_camps();--> statement-breakpoint
UPDATE camps c SET time_zone = o.time_zone FROM organizations o WHERE o.id = c.org_id;
