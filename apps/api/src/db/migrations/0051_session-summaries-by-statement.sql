-- A statement that adds sessions summarises their camps once, in one statement, instead of once
-- per session row: loading the scale data set's sessions took seven times as long through the
-- row trigger (a fifth of the whole load). Changes and deletions keep the row trigger of
-- migration 0013, whose column list keeps a booking's update of its session from firing it;
-- a trigger that reads its statement's rows cannot have one.
CREATE FUNCTION camp_session_summaries(targets integer[]) RETURNS void
LANGUAGE sql AS $$
  UPDATE camps c SET session_count = 0
    WHERE c.id = ANY(targets) AND c.session_count <> 0
      AND NOT EXISTS (SELECT 1 FROM camp_sessions s WHERE s.camp_id = c.id AND s.status = 'scheduled');
  UPDATE camps c SET start_date = summary.first_day, end_date = summary.last_day,
      cost_cents = summary.lowest, max_price_cents = summary.highest, capacity = summary.places,
      allows_waitlist = summary.waitlist, session_count = summary.sessions
    FROM (
      SELECT camp_id, count(*)::int AS sessions,
             CASE WHEN bool_or(start_date IS NULL) THEN NULL ELSE min(start_date) END AS first_day,
             CASE WHEN bool_or(end_date IS NULL) THEN NULL ELSE max(end_date) END AS last_day,
             min(price_cents) AS lowest, max(price_cents) AS highest,
             sum(capacity)::int AS places, bool_or(allows_waitlist) AS waitlist
        FROM camp_sessions WHERE camp_id = ANY(targets) AND status = 'scheduled'
        GROUP BY camp_id
    ) summary
    WHERE c.id = summary.camp_id
      AND (c.start_date, c.end_date, c.cost_cents, c.max_price_cents, c.capacity, c.allows_waitlist, c.session_count)
        IS DISTINCT FROM (summary.first_day, summary.last_day, summary.lowest, summary.highest,
          summary.places, summary.waitlist, summary.sessions);
$$;--> statement-breakpoint
-- One camp's summary is the same rule for a list of one.
CREATE OR REPLACE FUNCTION camp_session_summary(target integer) RETURNS void
LANGUAGE sql AS $$
  SELECT camp_session_summaries(ARRAY[target]);
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION camp_sessions_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM camp_session_summary(OLD.camp_id);
  IF TG_OP = 'UPDATE' AND NEW.camp_id <> OLD.camp_id THEN PERFORM camp_session_summary(NEW.camp_id); END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
DROP TRIGGER camp_sessions_changed ON camp_sessions;--> statement-breakpoint
CREATE TRIGGER camp_sessions_changed AFTER DELETE OR UPDATE OF camp_id, start_date, end_date, price_cents, capacity, allows_waitlist, status
  ON camp_sessions FOR EACH ROW EXECUTE FUNCTION camp_sessions_changed();--> statement-breakpoint
CREATE FUNCTION camp_sessions_added() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM camp_session_summaries(ARRAY(SELECT DISTINCT camp_id FROM added_sessions));
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER camp_sessions_added AFTER INSERT ON camp_sessions
  REFERENCING NEW TABLE AS added_sessions
  FOR EACH STATEMENT EXECUTE FUNCTION camp_sessions_added();
