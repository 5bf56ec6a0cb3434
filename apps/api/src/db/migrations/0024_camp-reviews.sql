CREATE TABLE "camp_reviews" (
	"id" serial PRIMARY KEY NOT NULL,
	"session_id" integer NOT NULL,
	"camp_id" integer NOT NULL,
	"parent_id" integer NOT NULL,
	"rating" integer NOT NULL,
	"text" text NOT NULL,
	"reply" text,
	"replied_at" timestamp with time zone,
	"report_status" text,
	"report_reason" text,
	"reported_at" timestamp with time zone,
	"hidden_reason" text,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "camp_reviews_rating_check" CHECK ("camp_reviews"."rating" between 1 and 5)
);
--> statement-breakpoint
ALTER TABLE "camp_reviews" ADD CONSTRAINT "camp_reviews_session_id_camp_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."camp_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "camp_reviews" ADD CONSTRAINT "camp_reviews_camp_id_camps_id_fk" FOREIGN KEY ("camp_id") REFERENCES "public"."camps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "camp_reviews" ADD CONSTRAINT "camp_reviews_parent_id_users_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "camp_reviews_parent_session_key" ON "camp_reviews" USING btree ("parent_id","session_id");--> statement-breakpoint
CREATE INDEX "camp_reviews_camp_idx" ON "camp_reviews" USING btree ("camp_id","id");--> statement-breakpoint
CREATE INDEX "camp_reviews_session_idx" ON "camp_reviews" USING btree ("session_id");--> statement-breakpoint
CREATE INDEX "camp_reviews_open_reports_idx" ON "camp_reviews" USING btree ("reported_at") WHERE "camp_reviews"."report_status" = 'open';