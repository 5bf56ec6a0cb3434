DROP INDEX "payment_entries_camp_day_idx";--> statement-breakpoint
DROP INDEX "registrations_session_idx";--> statement-breakpoint
CREATE INDEX "camp_daily_views_count_idx" ON "camp_daily_views" USING btree ("camp_id","day","views");--> statement-breakpoint
CREATE INDEX "payment_entries_camp_day_idx" ON "payment_entries" USING btree ("camp_id","created_at","kind","amount_cents","registration_id");--> statement-breakpoint
CREATE INDEX "registrations_session_idx" ON "registrations" USING btree ("session_id","status");