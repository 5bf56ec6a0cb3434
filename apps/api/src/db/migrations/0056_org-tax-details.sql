CREATE TABLE "org_tax_details" (
	"org_id" integer PRIMARY KEY NOT NULL,
	"legal_name" text NOT NULL,
	"ein_sealed" text NOT NULL,
	"ein_last_four" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "org_tax_details" ADD CONSTRAINT "org_tax_details_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;