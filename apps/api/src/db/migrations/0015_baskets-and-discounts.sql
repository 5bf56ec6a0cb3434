CREATE TABLE "promo_code_uses" (
	"code_id" integer NOT NULL,
	"payment_id" integer NOT NULL,
	"parent_id" integer,
	CONSTRAINT "promo_code_uses_code_id_payment_id_pk" PRIMARY KEY("code_id","payment_id")
);
--> statement-breakpoint
CREATE TABLE "promo_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"camp_id" integer NOT NULL,
	"code" text NOT NULL,
	"kind" text NOT NULL,
	"value" integer NOT NULL,
	"valid_from" date,
	"valid_to" date,
	"max_uses" integer,
	"max_uses_per_family" integer,
	"uses" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "promo_codes_value_check" CHECK ("promo_codes"."value" >= 1 and ("promo_codes"."kind" = 'amount' or "promo_codes"."value" <= 100)),
	CONSTRAINT "promo_codes_uses_check" CHECK ("promo_codes"."uses" >= 0)
);
--> statement-breakpoint
ALTER TABLE "camps" ADD COLUMN "discounts" jsonb;--> statement-breakpoint
ALTER TABLE "registrations" ADD COLUMN "list_price_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "registrations" ADD COLUMN "adjustments" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
-- Places bought before discounts existed were bought at list price.
UPDATE "registrations" SET "list_price_cents" = "amount_cents";--> statement-breakpoint
ALTER TABLE "promo_code_uses" ADD CONSTRAINT "promo_code_uses_code_id_promo_codes_id_fk" FOREIGN KEY ("code_id") REFERENCES "public"."promo_codes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promo_code_uses" ADD CONSTRAINT "promo_code_uses_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promo_code_uses" ADD CONSTRAINT "promo_code_uses_parent_id_users_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promo_codes" ADD CONSTRAINT "promo_codes_camp_id_camps_id_fk" FOREIGN KEY ("camp_id") REFERENCES "public"."camps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "promo_code_uses_family_idx" ON "promo_code_uses" USING btree ("code_id","parent_id");--> statement-breakpoint
CREATE UNIQUE INDEX "promo_codes_camp_code_key" ON "promo_codes" USING btree ("camp_id",upper("code"));