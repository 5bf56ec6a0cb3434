ALTER TABLE "users" ADD COLUMN "home_zip" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "search_radius_miles" integer;