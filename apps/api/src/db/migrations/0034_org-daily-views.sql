CREATE TABLE "org_daily_views" (
	"org_id" integer NOT NULL,
	"day" date NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "org_daily_views_org_id_day_pk" PRIMARY KEY("org_id","day")
);
--> statement-breakpoint
ALTER TABLE "org_daily_views" ADD CONSTRAINT "org_daily_views_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
INSERT INTO "org_daily_views" ("org_id", "day", "views")
  SELECT c.org_id, v.day, sum(v.views)::int FROM "camp_daily_views" v JOIN "camps" c ON c.id = v.camp_id
  GROUP BY c.org_id, v.day;
