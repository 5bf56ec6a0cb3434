CREATE TABLE "saved_searches" (
	"id" serial PRIMARY KEY NOT NULL,
	"parent_id" integer NOT NULL,
	"name" text NOT NULL,
	"criteria" jsonb NOT NULL,
	"criteria_key" text NOT NULL,
	"digest" boolean DEFAULT true NOT NULL,
	"digest_checked_at" timestamp with time zone DEFAULT now() NOT NULL,
	"digest_sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "headers" jsonb;--> statement-breakpoint
ALTER TABLE "saved_searches" ADD CONSTRAINT "saved_searches_parent_id_users_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "saved_searches_parent_criteria_key" ON "saved_searches" USING btree ("parent_id","criteria_key");--> statement-breakpoint
CREATE INDEX "saved_searches_digest_due_idx" ON "saved_searches" USING btree ("digest_checked_at") WHERE "saved_searches"."digest";