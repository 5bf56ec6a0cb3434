CREATE TABLE "session_opening_requests" (
	"session_id" integer NOT NULL,
	"parent_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"notified_at" timestamp with time zone,
	CONSTRAINT "session_opening_requests_session_id_parent_id_pk" PRIMARY KEY("session_id","parent_id")
);
--> statement-breakpoint
ALTER TABLE "session_opening_requests" ADD CONSTRAINT "session_opening_requests_session_id_camp_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."camp_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_opening_requests" ADD CONSTRAINT "session_opening_requests_parent_id_users_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "session_opening_requests_parent_idx" ON "session_opening_requests" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "session_opening_requests_due_idx" ON "session_opening_requests" USING btree ("session_id") WHERE "session_opening_requests"."notified_at" is null;