CREATE TABLE "child_health_profiles" (
	"child_id" integer PRIMARY KEY NOT NULL,
	"profile_sealed" text NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "registration_health_snapshots" (
	"registration_id" integer PRIMARY KEY NOT NULL,
	"profile_sealed" text NOT NULL,
	"version" integer NOT NULL,
	"reviewed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "child_health_profiles" ADD CONSTRAINT "child_health_profiles_child_id_children_id_fk" FOREIGN KEY ("child_id") REFERENCES "public"."children"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registration_health_snapshots" ADD CONSTRAINT "registration_health_snapshots_registration_id_registrations_id_fk" FOREIGN KEY ("registration_id") REFERENCES "public"."registrations"("id") ON DELETE cascade ON UPDATE no action;