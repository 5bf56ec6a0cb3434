ALTER TABLE "camps" ADD COLUMN "listed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- A camp is listed while its organization is approved and its host's subscription is live
-- (docs/design.md, section 4). Kept on the camp by triggers, so search reads one table and its
-- partial indexes hold listed camps only (docs/decisions/036).
CREATE FUNCTION org_lists_camps(target integer) RETURNS boolean
LANGUAGE sql STABLE AS $$
  SELECT EXISTS (SELECT 1 FROM organizations o
    JOIN host_subscriptions s ON s.host_id = o.host_id AND s.status IN ('active', 'past_due')
    WHERE o.id = target AND o.status = 'approved')
$$;--> statement-breakpoint
CREATE FUNCTION camps_set_listed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  NEW.listed := org_lists_camps(NEW.org_id);
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER camps_set_listed BEFORE INSERT OR UPDATE OF org_id, listed
  ON camps FOR EACH ROW EXECUTE FUNCTION camps_set_listed();--> statement-breakpoint
CREATE FUNCTION relist_org_camps(target integer) RETURNS void
LANGUAGE sql AS $$
  UPDATE camps SET listed = org_lists_camps(target)
  WHERE org_id = target AND listed IS DISTINCT FROM org_lists_camps(target)
$$;--> statement-breakpoint
CREATE FUNCTION organizations_relist_camps() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM relist_org_camps(NEW.id);
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER organizations_relist_camps AFTER UPDATE OF status, host_id ON organizations
  FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.host_id IS DISTINCT FROM NEW.host_id)
  EXECUTE FUNCTION organizations_relist_camps();--> statement-breakpoint
CREATE FUNCTION host_subscriptions_relist_camps() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  org integer;
BEGIN
  FOR org IN SELECT id FROM organizations
    WHERE host_id IN (CASE WHEN TG_OP <> 'INSERT' THEN OLD.host_id END, CASE WHEN TG_OP <> 'DELETE' THEN NEW.host_id END)
  LOOP
    PERFORM relist_org_camps(org);
  END LOOP;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER host_subscriptions_relist_camps AFTER INSERT OR DELETE OR UPDATE OF status, host_id
  ON host_subscriptions FOR EACH ROW EXECUTE FUNCTION host_subscriptions_relist_camps();--> statement-breakpoint
UPDATE camps SET listed = org_lists_camps(org_id);--> statement-breakpoint
CREATE INDEX "camps_listed_soonest_idx" ON "camps" USING btree (coalesce("start_date", '2999-12-31'::date),"id") WHERE "camps"."listed" and "camps"."session_count" > 0;--> statement-breakpoint
CREATE INDEX "camps_listed_price_idx" ON "camps" USING btree ("cost_cents","id") WHERE "camps"."listed" and "camps"."session_count" > 0;--> statement-breakpoint
CREATE INDEX "camps_listed_place_idx" ON "camps" USING gist (point("longitude", "latitude")) WHERE "camps"."listed" and "camps"."session_count" > 0 and not "camps"."is_virtual";
