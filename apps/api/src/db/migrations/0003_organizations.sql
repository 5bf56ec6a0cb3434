CREATE TABLE "images" (
	"id" serial PRIMARY KEY NOT NULL,
	"large_key" text NOT NULL,
	"small_key" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "org_consents" (
	"id" serial PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL,
	"host_id" integer NOT NULL,
	"consent_version" text NOT NULL,
	"ip_address" text NOT NULL,
	"user_agent" text,
	"consented_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "org_reviews" (
	"id" serial PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL,
	"revision_id" integer,
	"admin_id" integer,
	"kind" text NOT NULL,
	"approved" boolean NOT NULL,
	"text_response" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "org_revisions" (
	"id" serial PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL,
	"details" jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"deny_reason" text,
	"submitted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "organizations" (
	"id" serial PRIMARY KEY NOT NULL,
	"host_id" integer NOT NULL,
	"name" text NOT NULL,
	"address" text NOT NULL,
	"city" text NOT NULL,
	"state" text NOT NULL,
	"zip" text NOT NULL,
	"phone" text NOT NULL,
	"website" text,
	"bio" text,
	"contact_name" text,
	"contact_phone" text,
	"contact_email" text,
	"thumbnail_image_id" integer,
	"status" text DEFAULT 'pending' NOT NULL,
	"deny_reason" text,
	"submitted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "org_consents" ADD CONSTRAINT "org_consents_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "org_consents" ADD CONSTRAINT "org_consents_host_id_users_id_fk" FOREIGN KEY ("host_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "org_reviews" ADD CONSTRAINT "org_reviews_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "org_reviews" ADD CONSTRAINT "org_reviews_revision_id_org_revisions_id_fk" FOREIGN KEY ("revision_id") REFERENCES "public"."org_revisions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "org_reviews" ADD CONSTRAINT "org_reviews_admin_id_users_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "org_revisions" ADD CONSTRAINT "org_revisions_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organizations" ADD CONSTRAINT "organizations_host_id_users_id_fk" FOREIGN KEY ("host_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organizations" ADD CONSTRAINT "organizations_thumbnail_image_id_images_id_fk" FOREIGN KEY ("thumbnail_image_id") REFERENCES "public"."images"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "org_consents_org_idx" ON "org_consents" USING btree ("org_id");--> statement-breakpoint
CREATE INDEX "org_reviews_org_idx" ON "org_reviews" USING btree ("org_id");--> statement-breakpoint
CREATE UNIQUE INDEX "org_revisions_one_pending_key" ON "org_revisions" USING btree ("org_id") WHERE "org_revisions"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "org_revisions_status_idx" ON "org_revisions" USING btree ("status","submitted_at");--> statement-breakpoint
CREATE INDEX "organizations_host_idx" ON "organizations" USING btree ("host_id");--> statement-breakpoint
CREATE INDEX "organizations_status_idx" ON "organizations" USING btree ("status","submitted_at");