CREATE TABLE "refunds" (
	"id" serial PRIMARY KEY NOT NULL,
	"payment_id" integer NOT NULL,
	"provider_charge_id" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"fee_cents" integer NOT NULL,
	"idempotency_key" text NOT NULL,
	"registration_id" integer,
	"status" text DEFAULT 'pending' NOT NULL,
	"provider_refund_id" text,
	"failure_message" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "refunds_amount_check" CHECK ("refunds"."amount_cents" > 0 and "refunds"."fee_cents" between 0 and "refunds"."amount_cents")
);
--> statement-breakpoint
DROP INDEX "place_transfers_unsent_idx";--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_registration_id_registrations_id_fk" FOREIGN KEY ("registration_id") REFERENCES "public"."registrations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_idempotency_key" ON "refunds" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "refunds_payment_idx" ON "refunds" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "refunds_pending_idx" ON "refunds" USING btree ("created_at") WHERE "refunds"."status" = 'pending';--> statement-breakpoint
-- Every refund of a move becomes a refund of its own: sent when the move's refunds were, pending
-- (for reconciliation to send under the key the move used) when they were not.
INSERT INTO "refunds" ("payment_id", "provider_charge_id", "amount_cents", "fee_cents", "idempotency_key", "registration_id", "status", "created_at", "updated_at")
SELECT (piece->>'paymentId')::int, piece->>'chargeId', (piece->>'amountCents')::int, coalesce((piece->>'feeCents')::int, 0),
  'transfer-refund-' || t.id || '-' || (piece->>'paymentId'), t.registration_id,
  CASE WHEN t.refunds_sent_at IS NULL THEN 'pending' ELSE 'sent' END, t.created_at, coalesce(t.refunds_sent_at, t.created_at)
FROM "place_transfers" t CROSS JOIN LATERAL jsonb_array_elements(t.refunds) AS piece
WHERE EXISTS (SELECT 1 FROM "payments" p WHERE p.id = (piece->>'paymentId')::int);--> statement-breakpoint
ALTER TABLE "place_transfers" DROP COLUMN "refunds_sent_at";