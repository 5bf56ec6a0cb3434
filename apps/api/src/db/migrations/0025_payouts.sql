CREATE TABLE "host_payout_accounts" (
	"host_id" integer PRIMARY KEY NOT NULL,
	"provider_account_id" text NOT NULL,
	"charges_enabled" boolean DEFAULT false NOT NULL,
	"payouts_enabled" boolean DEFAULT false NOT NULL,
	"details_submitted" boolean DEFAULT false NOT NULL,
	"bank_last4" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "host_payout_accounts_provider_account_id_unique" UNIQUE("provider_account_id")
);
--> statement-breakpoint
CREATE TABLE "host_payouts" (
	"provider_payout_id" text PRIMARY KEY NOT NULL,
	"provider_account_id" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"status" text NOT NULL,
	"arrival_date" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"payment_id" integer NOT NULL,
	"registration_id" integer,
	"camp_id" integer,
	"session_id" integer,
	"kind" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"fee_cents" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_entries_amounts_check" CHECK ("payment_entries"."amount_cents" >= 0 and "payment_entries"."fee_cents" between 0 and "payment_entries"."amount_cents")
);
--> statement-breakpoint
CREATE TABLE "test_processor_accounts" (
	"id" text PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"business_name" text NOT NULL,
	"account_holder" text,
	"bank_last4" text,
	"charges_enabled" boolean DEFAULT false NOT NULL,
	"payouts_enabled" boolean DEFAULT false NOT NULL,
	"onboarding_token" text,
	"onboarding_expires_at" timestamp with time zone,
	"return_url" text,
	"last_payout_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "test_processor_accounts_onboarding_token_unique" UNIQUE("onboarding_token")
);
--> statement-breakpoint
CREATE TABLE "test_processor_payouts" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"status" text NOT NULL,
	"arrival_date" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "provider_destination_account_id" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "application_fee_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "test_processor_charges" ADD COLUMN "destination_account_id" text;--> statement-breakpoint
ALTER TABLE "test_processor_charges" ADD COLUMN "application_fee_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "test_processor_events" ADD COLUMN "account_id" text;--> statement-breakpoint
ALTER TABLE "test_processor_refunds" ADD COLUMN "application_fee_refund_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "host_payout_accounts" ADD CONSTRAINT "host_payout_accounts_host_id_users_id_fk" FOREIGN KEY ("host_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_entries" ADD CONSTRAINT "payment_entries_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_entries" ADD CONSTRAINT "payment_entries_registration_id_registrations_id_fk" FOREIGN KEY ("registration_id") REFERENCES "public"."registrations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_entries" ADD CONSTRAINT "payment_entries_camp_id_camps_id_fk" FOREIGN KEY ("camp_id") REFERENCES "public"."camps"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_entries" ADD CONSTRAINT "payment_entries_session_id_camp_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."camp_sessions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_processor_payouts" ADD CONSTRAINT "test_processor_payouts_account_id_test_processor_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."test_processor_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "host_payouts_account_idx" ON "host_payouts" USING btree ("provider_account_id","created_at");--> statement-breakpoint
CREATE INDEX "payment_entries_camp_idx" ON "payment_entries" USING btree ("camp_id");--> statement-breakpoint
CREATE INDEX "payment_entries_payment_idx" ON "payment_entries" USING btree ("payment_id");