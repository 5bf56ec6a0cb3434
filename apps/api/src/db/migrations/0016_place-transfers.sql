CREATE TABLE "place_transfers" (
	"id" serial PRIMARY KEY NOT NULL,
	"registration_id" integer NOT NULL,
	"from_session_id" integer,
	"to_session_id" integer,
	"by" text NOT NULL,
	"difference_cents" integer NOT NULL,
	"payment_id" integer,
	"refunds" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"refunds_sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "place_transfers" ADD CONSTRAINT "place_transfers_registration_id_registrations_id_fk" FOREIGN KEY ("registration_id") REFERENCES "public"."registrations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "place_transfers" ADD CONSTRAINT "place_transfers_from_session_id_camp_sessions_id_fk" FOREIGN KEY ("from_session_id") REFERENCES "public"."camp_sessions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "place_transfers" ADD CONSTRAINT "place_transfers_to_session_id_camp_sessions_id_fk" FOREIGN KEY ("to_session_id") REFERENCES "public"."camp_sessions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "place_transfers" ADD CONSTRAINT "place_transfers_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "place_transfers_registration_idx" ON "place_transfers" USING btree ("registration_id");--> statement-breakpoint
CREATE INDEX "place_transfers_payment_idx" ON "place_transfers" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "place_transfers_unsent_idx" ON "place_transfers" USING btree ("id") WHERE "place_transfers"."refunds_sent_at" is null;