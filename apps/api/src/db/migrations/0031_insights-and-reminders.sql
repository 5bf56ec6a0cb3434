CREATE TABLE "camp_daily_views" (
	"camp_id" integer NOT NULL,
	"day" date NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "camp_daily_views_camp_id_day_pk" PRIMARY KEY("camp_id","day")
);
--> statement-breakpoint
CREATE TABLE "camp_reminder_settings" (
	"camp_id" integer PRIMARY KEY NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"what_to_bring" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "session_reminders" (
	"session_id" integer NOT NULL,
	"parent_id" integer NOT NULL,
	"kind" text NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "session_reminders_session_id_parent_id_kind_pk" PRIMARY KEY("session_id","parent_id","kind")
);
--> statement-breakpoint
ALTER TABLE "camp_daily_views" ADD CONSTRAINT "camp_daily_views_camp_id_camps_id_fk" FOREIGN KEY ("camp_id") REFERENCES "public"."camps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "camp_reminder_settings" ADD CONSTRAINT "camp_reminder_settings_camp_id_camps_id_fk" FOREIGN KEY ("camp_id") REFERENCES "public"."camps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_reminders" ADD CONSTRAINT "session_reminders_session_id_camp_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."camp_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_reminders" ADD CONSTRAINT "session_reminders_parent_id_users_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "session_reminders_parent_idx" ON "session_reminders" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "camp_sessions_start_idx" ON "camp_sessions" USING btree ("start_date") WHERE "camp_sessions"."status" = 'scheduled';--> statement-breakpoint
CREATE INDEX "payment_entries_sale_idx" ON "payment_entries" USING btree ("registration_id","created_at") WHERE "payment_entries"."kind" = 'charge';--> statement-breakpoint
CREATE INDEX "payment_entries_camp_day_idx" ON "payment_entries" USING btree ("camp_id","created_at");--> statement-breakpoint
CREATE INDEX "registrations_waitlisted_idx" ON "registrations" USING btree ("camp_id","waitlisted_at") WHERE "registrations"."waitlisted_at" is not null;