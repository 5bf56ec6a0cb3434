CREATE TABLE "camp_sessions" (
	"id" serial PRIMARY KEY NOT NULL,
	"camp_id" integer NOT NULL,
	"name" text NOT NULL,
	"start_date" date,
	"end_date" date,
	"start_time" text,
	"end_time" text,
	"price_cents" integer NOT NULL,
	"capacity" integer NOT NULL,
	"spots_taken" integer DEFAULT 0 NOT NULL,
	"allows_waitlist" boolean DEFAULT false NOT NULL,
	"registration_opens_at" timestamp with time zone,
	"registration_closes_at" timestamp with time zone,
	"status" text DEFAULT 'scheduled' NOT NULL,
	"cancelled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "camp_sessions_dates_check" CHECK ("camp_sessions"."end_date" is null or "camp_sessions"."start_date" <= "camp_sessions"."end_date"),
	CONSTRAINT "camp_sessions_times_check" CHECK ("camp_sessions"."end_time" is null or "camp_sessions"."start_time" < "camp_sessions"."end_time"),
	CONSTRAINT "camp_sessions_places_check" CHECK ("camp_sessions"."price_cents" >= 0 and "camp_sessions"."capacity" >= 1 and "camp_sessions"."spots_taken" between 0 and "camp_sessions"."capacity")
);
--> statement-breakpoint
ALTER TABLE "camp_sessions" ADD CONSTRAINT "camp_sessions_camp_id_camps_id_fk" FOREIGN KEY ("camp_id") REFERENCES "public"."camps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "camp_sessions_camp_idx" ON "camp_sessions" USING btree ("camp_id","start_date");--> statement-breakpoint
ALTER TABLE "camps" ADD COLUMN "max_price_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "camps" ADD COLUMN "session_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Every camp so far was one run: it becomes a camp with one session holding its dates, price,
-- places (a capacity below the places taken, possible before, is raised to them) and waitlist.
INSERT INTO "camp_sessions" ("camp_id", "name", "start_date", "end_date", "price_cents", "capacity", "spots_taken", "allows_waitlist", "created_at", "updated_at")
  SELECT "id", 'Session 1', "start_date", "end_date", "cost_cents", greatest("capacity", "spots_taken"), "spots_taken", "allows_waitlist", "created_at", "updated_at"
  FROM "camps" ORDER BY "id";--> statement-breakpoint
UPDATE "camps" SET "max_price_cents" = "cost_cents", "session_count" = 1,
  "capacity" = greatest("capacity", "spots_taken");--> statement-breakpoint
ALTER TABLE "registrations" ADD COLUMN "session_id" integer;--> statement-breakpoint
UPDATE "registrations" SET "session_id" = "camp_sessions"."id"
  FROM "camp_sessions" WHERE "camp_sessions"."camp_id" = "registrations"."camp_id";--> statement-breakpoint
ALTER TABLE "registrations" ALTER COLUMN "session_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "registrations" ADD CONSTRAINT "registrations_session_id_camp_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."camp_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
DROP INDEX "registrations_active_key";--> statement-breakpoint
DROP INDEX "registrations_waitlist_idx";--> statement-breakpoint
CREATE INDEX "registrations_session_idx" ON "registrations" USING btree ("session_id");--> statement-breakpoint
CREATE UNIQUE INDEX "registrations_active_key" ON "registrations" USING btree ("session_id","child_id") WHERE "registrations"."status" in ('pending_payment', 'confirmed', 'waitlisted', 'offered');--> statement-breakpoint
CREATE INDEX "registrations_waitlist_idx" ON "registrations" USING btree ("session_id","waitlisted_at") WHERE "registrations"."status" = 'waitlisted';--> statement-breakpoint
ALTER TABLE "camps" DROP CONSTRAINT "camps_spots_check";--> statement-breakpoint
ALTER TABLE "camps" DROP COLUMN "spots_taken";--> statement-breakpoint
-- A camp's dates, prices, capacity and waitlist flag summarise its scheduled sessions, so
-- listings and search read one row. Places taken are not summarised: a booking changes only its
-- session's row. A camp whose sessions are all cancelled keeps its last summary, with no sessions.
CREATE FUNCTION camp_session_summary(target integer) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  summary record;
BEGIN
  SELECT count(*)::int AS sessions,
         CASE WHEN bool_or(start_date IS NULL) THEN NULL ELSE min(start_date) END AS first_day,
         CASE WHEN bool_or(end_date IS NULL) THEN NULL ELSE max(end_date) END AS last_day,
         min(price_cents) AS lowest, max(price_cents) AS highest,
         sum(capacity)::int AS places, bool_or(allows_waitlist) AS waitlist
    INTO summary
    FROM camp_sessions WHERE camp_id = target AND status = 'scheduled';
  IF summary.sessions = 0 THEN
    UPDATE camps SET session_count = 0 WHERE id = target AND session_count <> 0;
    RETURN;
  END IF;
  UPDATE camps SET start_date = summary.first_day, end_date = summary.last_day,
      cost_cents = summary.lowest, max_price_cents = summary.highest, capacity = summary.places,
      allows_waitlist = summary.waitlist, session_count = summary.sessions
    WHERE id = target
      AND (start_date, end_date, cost_cents, max_price_cents, capacity, allows_waitlist, session_count)
        IS DISTINCT FROM (summary.first_day, summary.last_day, summary.lowest, summary.highest,
          summary.places, summary.waitlist, summary.sessions);
END;
$$;--> statement-breakpoint
CREATE FUNCTION camp_sessions_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN PERFORM camp_session_summary(OLD.camp_id); END IF;
  IF TG_OP <> 'DELETE' AND (TG_OP = 'INSERT' OR NEW.camp_id <> OLD.camp_id) THEN
    PERFORM camp_session_summary(NEW.camp_id);
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER camp_sessions_changed AFTER INSERT OR DELETE OR UPDATE OF camp_id, start_date, end_date, price_cents, capacity, allows_waitlist, status
  ON camp_sessions FOR EACH ROW EXECUTE FUNCTION camp_sessions_changed();
