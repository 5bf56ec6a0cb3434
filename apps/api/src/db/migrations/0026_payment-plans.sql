CREATE TABLE "instalment_places" (
	"instalment_id" integer NOT NULL,
	"registration_id" integer NOT NULL,
	"amount_cents" integer NOT NULL,
	"refunded_cents" integer DEFAULT 0 NOT NULL,
	"cancelled" boolean DEFAULT false NOT NULL,
	CONSTRAINT "instalment_places_instalment_id_registration_id_pk" PRIMARY KEY("instalment_id","registration_id"),
	CONSTRAINT "instalment_places_amount_check" CHECK ("instalment_places"."amount_cents" >= 0 and "instalment_places"."refunded_cents" between 0 and "instalment_places"."amount_cents")
);
--> statement-breakpoint
CREATE TABLE "instalments" (
	"id" serial PRIMARY KEY NOT NULL,
	"plan_id" integer NOT NULL,
	"seq" integer NOT NULL,
	"due_date" date NOT NULL,
	"amount_cents" integer NOT NULL,
	"status" text DEFAULT 'scheduled' NOT NULL,
	"next_attempt_on" date,
	"failed_attempts" integer DEFAULT 0 NOT NULL,
	"lease_until" timestamp with time zone,
	"last_failure" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "instalments_amount_check" CHECK ("instalments"."amount_cents" >= 0 and "instalments"."failed_attempts" >= 0)
);
--> statement-breakpoint
CREATE TABLE "payment_plans" (
	"id" serial PRIMARY KEY NOT NULL,
	"parent_id" integer,
	"camp_id" integer,
	"deposit_payment_id" integer NOT NULL,
	"provider_payment_method_id" text NOT NULL,
	"provider_customer_id" text NOT NULL,
	"on_final_failure" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "camps" ADD COLUMN "payment_plan" jsonb;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "instalment_id" integer;--> statement-breakpoint
ALTER TABLE "registrations" ADD COLUMN "deposit_cents" integer;--> statement-breakpoint
ALTER TABLE "instalment_places" ADD CONSTRAINT "instalment_places_instalment_id_instalments_id_fk" FOREIGN KEY ("instalment_id") REFERENCES "public"."instalments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "instalment_places" ADD CONSTRAINT "instalment_places_registration_id_registrations_id_fk" FOREIGN KEY ("registration_id") REFERENCES "public"."registrations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "instalments" ADD CONSTRAINT "instalments_plan_id_payment_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."payment_plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_plans" ADD CONSTRAINT "payment_plans_parent_id_users_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_plans" ADD CONSTRAINT "payment_plans_camp_id_camps_id_fk" FOREIGN KEY ("camp_id") REFERENCES "public"."camps"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_plans" ADD CONSTRAINT "payment_plans_deposit_payment_id_payments_id_fk" FOREIGN KEY ("deposit_payment_id") REFERENCES "public"."payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "instalment_places_registration_idx" ON "instalment_places" USING btree ("registration_id");--> statement-breakpoint
CREATE UNIQUE INDEX "instalments_plan_seq_key" ON "instalments" USING btree ("plan_id","seq");--> statement-breakpoint
CREATE INDEX "instalments_due_idx" ON "instalments" USING btree ("next_attempt_on") WHERE "instalments"."status" in ('scheduled', 'failed', 'charging');--> statement-breakpoint
CREATE UNIQUE INDEX "payment_plans_deposit_key" ON "payment_plans" USING btree ("deposit_payment_id");--> statement-breakpoint
CREATE INDEX "payment_plans_parent_idx" ON "payment_plans" USING btree ("parent_id");--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_instalment_id_instalments_id_fk" FOREIGN KEY ("instalment_id") REFERENCES "public"."instalments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payments_instalment_idx" ON "payments" USING btree ("instalment_id");