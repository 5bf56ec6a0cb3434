CREATE TABLE "receipts" (
	"payment_id" integer PRIMARY KEY NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	"document" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "receipts_to_backfill" (
	"payment_id" integer PRIMARY KEY NOT NULL
);
--> statement-breakpoint
CREATE TABLE "refund_notes" (
	"id" serial PRIMARY KEY NOT NULL,
	"payment_id" integer NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	"document" jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payment_entries" ADD COLUMN "place_name" text;--> statement-breakpoint
ALTER TABLE "payment_entries" ADD COLUMN "session_name" text;--> statement-breakpoint
-- Entries and signatures made before names were kept with them take the names they have now.
UPDATE "payment_entries" e SET
  "session_name" = s."name",
  "place_name" = coalesce(
    CASE WHEN c."session_count" > 1 AND s."name" IS NOT NULL THEN c."name" || ' (' || s."name" || ')' ELSE c."name" END,
    'A camp no longer listed')
FROM "payment_entries" n
  LEFT JOIN "camps" c ON c."id" = n."camp_id"
  LEFT JOIN "camp_sessions" s ON s."id" = n."session_id"
WHERE e."id" = n."id";--> statement-breakpoint
ALTER TABLE "payment_entries" ALTER COLUMN "place_name" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "waiver_signatures" ADD COLUMN "camp_name" text;--> statement-breakpoint
ALTER TABLE "waiver_signatures" ADD COLUMN "org_name" text;--> statement-breakpoint
ALTER TABLE "waiver_signatures" ADD COLUMN "parent_name" text;--> statement-breakpoint
ALTER TABLE "waiver_signatures" ADD COLUMN "parent_email" text;--> statement-breakpoint
UPDATE "waiver_signatures" w SET
  "camp_name" = c."name",
  "org_name" = o."name",
  "parent_name" = u."first_name" || ' ' || u."last_name",
  "parent_email" = u."email"
FROM "camps" c, "organizations" o, "users" u
WHERE c."id" = w."camp_id" AND o."id" = c."org_id" AND u."id" = w."parent_id";--> statement-breakpoint
ALTER TABLE "waiver_signatures" ALTER COLUMN "camp_name" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "waiver_signatures" ALTER COLUMN "org_name" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "waiver_signatures" ALTER COLUMN "parent_name" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "waiver_signatures" ALTER COLUMN "parent_email" SET NOT NULL;--> statement-breakpoint
-- Every charge made so far has its receipt issued once, from the records, when the app next
-- starts (prepareDatabase): the receipt's lines as bought need the app's own reading of them.
INSERT INTO "receipts_to_backfill" ("payment_id")
SELECT "id" FROM "payments" WHERE "status" IN ('succeeded', 'refunded');--> statement-breakpoint
ALTER TABLE "receipts" ADD CONSTRAINT "receipts_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refund_notes" ADD CONSTRAINT "refund_notes_payment_id_receipts_payment_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."receipts"("payment_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "refund_notes_payment_idx" ON "refund_notes" USING btree ("payment_id","issued_at");