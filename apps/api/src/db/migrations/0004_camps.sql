CREATE TABLE "camp_categories" (
	"camp_id" integer NOT NULL,
	"category_id" integer NOT NULL,
	CONSTRAINT "camp_categories_camp_id_category_id_pk" PRIMARY KEY("camp_id","category_id")
);
--> statement-breakpoint
CREATE TABLE "camp_images" (
	"id" serial PRIMARY KEY NOT NULL,
	"camp_id" integer NOT NULL,
	"image_id" integer NOT NULL,
	"slot" integer NOT NULL,
	CONSTRAINT "camp_images_slot_check" CHECK ("camp_images"."slot" between 1 and 3)
);
--> statement-breakpoint
CREATE TABLE "camps" (
	"id" serial PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL,
	"name" text NOT NULL,
	"description" text NOT NULL,
	"address" text,
	"city" text,
	"state" text,
	"zip" text,
	"phone" text NOT NULL,
	"email" text,
	"start_date" date,
	"end_date" date,
	"min_age" integer NOT NULL,
	"max_age" integer NOT NULL,
	"cost_cents" integer NOT NULL,
	"capacity" integer NOT NULL,
	"allows_waitlist" boolean DEFAULT false NOT NULL,
	"is_virtual" boolean DEFAULT false NOT NULL,
	"is_year_round" boolean DEFAULT false NOT NULL,
	"thumbnail_image_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "camps_ages_check" CHECK ("camps"."min_age" >= 1 and "camps"."min_age" <= "camps"."max_age"),
	CONSTRAINT "camps_dates_check" CHECK ("camps"."end_date" is null or "camps"."start_date" <= "camps"."end_date"),
	CONSTRAINT "camps_money_check" CHECK ("camps"."cost_cents" >= 0 and "camps"."capacity" >= 1)
);
--> statement-breakpoint
ALTER TABLE "camp_categories" ADD CONSTRAINT "camp_categories_camp_id_camps_id_fk" FOREIGN KEY ("camp_id") REFERENCES "public"."camps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "camp_categories" ADD CONSTRAINT "camp_categories_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "camp_images" ADD CONSTRAINT "camp_images_camp_id_camps_id_fk" FOREIGN KEY ("camp_id") REFERENCES "public"."camps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "camp_images" ADD CONSTRAINT "camp_images_image_id_images_id_fk" FOREIGN KEY ("image_id") REFERENCES "public"."images"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "camps" ADD CONSTRAINT "camps_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "camps" ADD CONSTRAINT "camps_thumbnail_image_id_images_id_fk" FOREIGN KEY ("thumbnail_image_id") REFERENCES "public"."images"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "camp_categories_category_idx" ON "camp_categories" USING btree ("category_id");--> statement-breakpoint
CREATE UNIQUE INDEX "camp_images_slot_key" ON "camp_images" USING btree ("camp_id","slot");--> statement-breakpoint
CREATE INDEX "camps_org_idx" ON "camps" USING btree ("org_id");--> statement-breakpoint
CREATE INDEX "camps_duplicate_idx" ON "camps" USING btree (lower("name"),"phone");