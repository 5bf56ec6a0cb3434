CREATE TABLE "children" (
	"id" serial PRIMARY KEY NOT NULL,
	"parent_id" integer NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"gender" text NOT NULL,
	"shirt_size" text NOT NULL,
	"medical" text,
	"birthday" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_customers" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"provider_customer_id" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"parent_id" integer,
	"camp_id" integer,
	"idempotency_key" text NOT NULL,
	"provider_payment_method_id" text NOT NULL,
	"provider_customer_id" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"refunded_cents" integer DEFAULT 0 NOT NULL,
	"provider_charge_id" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"failure_message" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payments_amount_check" CHECK ("payments"."amount_cents" >= 0 and "payments"."refunded_cents" between 0 and "payments"."amount_cents")
);
--> statement-breakpoint
CREATE TABLE "registrations" (
	"id" serial PRIMARY KEY NOT NULL,
	"camp_id" integer NOT NULL,
	"child_id" integer NOT NULL,
	"parent_id" integer NOT NULL,
	"status" text NOT NULL,
	"payment_id" integer,
	"amount_cents" integer DEFAULT 0 NOT NULL,
	"refunded_cents" integer DEFAULT 0 NOT NULL,
	"waitlisted_at" timestamp with time zone,
	"offer_expires_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"cancelled_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "saved_cards" (
	"id" serial PRIMARY KEY NOT NULL,
	"parent_id" integer NOT NULL,
	"provider_payment_method_id" text NOT NULL,
	"brand" text NOT NULL,
	"last4" text NOT NULL,
	"exp_month" integer NOT NULL,
	"exp_year" integer NOT NULL,
	"holder_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "camp_categories_category_idx";--> statement-breakpoint
ALTER TABLE "camps" ADD COLUMN "spots_taken" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "camps" ADD COLUMN "latitude" double precision;--> statement-breakpoint
ALTER TABLE "camps" ADD COLUMN "longitude" double precision;--> statement-breakpoint
ALTER TABLE "camps" ADD COLUMN "search_vector" "tsvector";--> statement-breakpoint
ALTER TABLE "camps" ADD COLUMN "months_mask" integer DEFAULT 4095 NOT NULL;--> statement-breakpoint
ALTER TABLE "children" ADD CONSTRAINT "children_parent_id_users_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_customers" ADD CONSTRAINT "payment_customers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_parent_id_users_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_camp_id_camps_id_fk" FOREIGN KEY ("camp_id") REFERENCES "public"."camps"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registrations" ADD CONSTRAINT "registrations_camp_id_camps_id_fk" FOREIGN KEY ("camp_id") REFERENCES "public"."camps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registrations" ADD CONSTRAINT "registrations_child_id_children_id_fk" FOREIGN KEY ("child_id") REFERENCES "public"."children"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registrations" ADD CONSTRAINT "registrations_parent_id_users_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registrations" ADD CONSTRAINT "registrations_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_cards" ADD CONSTRAINT "saved_cards_parent_id_users_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "children_parent_idx" ON "children" USING btree ("parent_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_idempotency_key" ON "payments" USING btree ("parent_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "payments_pending_idx" ON "payments" USING btree ("created_at") WHERE "payments"."status" = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "registrations_active_key" ON "registrations" USING btree ("camp_id","child_id") WHERE "registrations"."status" in ('pending_payment', 'confirmed', 'waitlisted', 'offered');--> statement-breakpoint
CREATE INDEX "registrations_parent_idx" ON "registrations" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "registrations_child_idx" ON "registrations" USING btree ("child_id");--> statement-breakpoint
CREATE INDEX "registrations_waitlist_idx" ON "registrations" USING btree ("camp_id","waitlisted_at") WHERE "registrations"."status" = 'waitlisted';--> statement-breakpoint
CREATE INDEX "registrations_offer_idx" ON "registrations" USING btree ("offer_expires_at") WHERE "registrations"."status" = 'offered';--> statement-breakpoint
CREATE INDEX "registrations_payment_idx" ON "registrations" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "saved_cards_parent_idx" ON "saved_cards" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "camps_search_idx" ON "camps" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "camps_location_idx" ON "camps" USING btree ("latitude","longitude");--> statement-breakpoint
CREATE INDEX "camps_cost_idx" ON "camps" USING btree ("cost_cents");--> statement-breakpoint
CREATE INDEX "camp_categories_category_idx" ON "camp_categories" USING btree ("category_id","camp_id");--> statement-breakpoint
ALTER TABLE "camps" ADD CONSTRAINT "camps_spots_check" CHECK ("camps"."spots_taken" >= 0);--> statement-breakpoint
CREATE FUNCTION camp_months_mask(start_date date, end_date date, year_round boolean) RETURNS integer
LANGUAGE plpgsql IMMUTABLE AS $$
DECLARE
  mask integer := 0;
  month_start date;
BEGIN
  IF year_round OR start_date IS NULL OR end_date IS NULL OR end_date - start_date >= 366 THEN
    RETURN 4095;
  END IF;
  month_start := date_trunc('month', start_date)::date;
  WHILE month_start <= end_date LOOP
    mask := mask | (1 << (extract(month FROM month_start)::integer - 1));
    month_start := (month_start + interval '1 month')::date;
  END LOOP;
  RETURN mask;
END;
$$;--> statement-breakpoint
CREATE FUNCTION camp_search_document(camp_name text, org_name text, city text, description text) RETURNS tsvector
LANGUAGE sql IMMUTABLE AS $$
  SELECT setweight(to_tsvector('english', coalesce(camp_name, '')), 'A')
      || setweight(to_tsvector('simple', coalesce(camp_name, '')), 'A')
      || setweight(to_tsvector('english', coalesce(org_name, '')), 'B')
      || setweight(to_tsvector('simple', coalesce(org_name, '')), 'B')
      || setweight(to_tsvector('simple', coalesce(city, '')), 'C')
      || setweight(to_tsvector('english', coalesce(description, '')), 'D')
$$;--> statement-breakpoint
CREATE FUNCTION camps_derived_columns() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  NEW.months_mask := camp_months_mask(NEW.start_date, NEW.end_date, NEW.is_year_round);
  NEW.search_vector := camp_search_document(
    NEW.name, (SELECT name FROM organizations WHERE id = NEW.org_id), NEW.city, NEW.description);
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER camps_derived_columns BEFORE INSERT OR UPDATE OF name, description, city, org_id, start_date, end_date, is_year_round
  ON camps FOR EACH ROW EXECUTE FUNCTION camps_derived_columns();--> statement-breakpoint
CREATE FUNCTION organizations_rename_camps() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE camps SET search_vector = camp_search_document(camps.name, NEW.name, camps.city, camps.description)
  WHERE org_id = NEW.id;
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER organizations_rename_camps AFTER UPDATE OF name ON organizations
  FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name) EXECUTE FUNCTION organizations_rename_camps();--> statement-breakpoint
UPDATE camps SET name = name;
