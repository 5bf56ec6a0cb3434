DROP INDEX "payment_entries_camp_day_idx";--> statement-breakpoint
ALTER TABLE "payment_entries" ADD COLUMN "first_sale" boolean DEFAULT false NOT NULL;--> statement-breakpoint
UPDATE "payment_entries" p SET "first_sale" = true
  WHERE p.kind = 'charge' AND p.registration_id IS NOT NULL AND NOT EXISTS (
    SELECT 1 FROM "payment_entries" earlier
    WHERE earlier.registration_id = p.registration_id AND earlier.kind = 'charge'
      AND (earlier.created_at, earlier.id) < (p.created_at, p.id)
  );--> statement-breakpoint
CREATE INDEX "payment_entries_camp_day_idx" ON "payment_entries" USING btree ("camp_id","created_at","kind","amount_cents","first_sale");
