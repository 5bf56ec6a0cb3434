CREATE TABLE "background_checks" (
	"id" serial PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"checked_by" text NOT NULL,
	"checked_on" date NOT NULL,
	"result" text NOT NULL,
	"expires_on" date NOT NULL,
	"document_name" text,
	"document_type" text,
	"document" "bytea",
	"recorded_by" integer,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL,
	"noticed_30_at" timestamp with time zone,
	"noticed_7_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "background_checks" ADD CONSTRAINT "background_checks_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "background_checks" ADD CONSTRAINT "background_checks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "background_checks" ADD CONSTRAINT "background_checks_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "background_checks_member_idx" ON "background_checks" USING btree ("org_id","user_id","recorded_at");--> statement-breakpoint
CREATE INDEX "background_checks_expiry_idx" ON "background_checks" USING btree ("expires_on");