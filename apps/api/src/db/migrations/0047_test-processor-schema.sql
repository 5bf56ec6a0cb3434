-- The built-in test processor's tables move to a schema of their own (docs/decisions/053), rows
-- and all: moved and renamed, never dropped, with their keys, constraints, index and sequence
-- renamed to the names they would have had if created there.
CREATE SCHEMA "test_processor";
--> statement-breakpoint
ALTER TABLE "public"."test_processor_accounts" SET SCHEMA "test_processor";
--> statement-breakpoint
ALTER TABLE "public"."test_processor_charges" SET SCHEMA "test_processor";
--> statement-breakpoint
ALTER TABLE "public"."test_processor_checkout_sessions" SET SCHEMA "test_processor";
--> statement-breakpoint
ALTER TABLE "public"."test_processor_events" SET SCHEMA "test_processor";
--> statement-breakpoint
ALTER TABLE "public"."test_processor_payment_methods" SET SCHEMA "test_processor";
--> statement-breakpoint
ALTER TABLE "public"."test_processor_payouts" SET SCHEMA "test_processor";
--> statement-breakpoint
ALTER TABLE "public"."test_processor_refunds" SET SCHEMA "test_processor";
--> statement-breakpoint
ALTER TABLE "public"."test_processor_subscriptions" SET SCHEMA "test_processor";
--> statement-breakpoint
ALTER TABLE "test_processor"."test_processor_accounts" RENAME TO "accounts";--> statement-breakpoint
ALTER TABLE "test_processor"."test_processor_charges" RENAME TO "charges";--> statement-breakpoint
ALTER TABLE "test_processor"."test_processor_checkout_sessions" RENAME TO "checkout_sessions";--> statement-breakpoint
ALTER TABLE "test_processor"."test_processor_events" RENAME TO "events";--> statement-breakpoint
ALTER TABLE "test_processor"."test_processor_payment_methods" RENAME TO "payment_methods";--> statement-breakpoint
ALTER TABLE "test_processor"."test_processor_payouts" RENAME TO "payouts";--> statement-breakpoint
ALTER TABLE "test_processor"."test_processor_refunds" RENAME TO "refunds";--> statement-breakpoint
ALTER TABLE "test_processor"."test_processor_subscriptions" RENAME TO "subscriptions";--> statement-breakpoint
ALTER TABLE "test_processor"."accounts" RENAME CONSTRAINT "test_processor_accounts_pkey" TO "accounts_pkey";--> statement-breakpoint
ALTER TABLE "test_processor"."charges" RENAME CONSTRAINT "test_processor_charges_pkey" TO "charges_pkey";--> statement-breakpoint
ALTER TABLE "test_processor"."checkout_sessions" RENAME CONSTRAINT "test_processor_checkout_sessions_pkey" TO "checkout_sessions_pkey";--> statement-breakpoint
ALTER TABLE "test_processor"."events" RENAME CONSTRAINT "test_processor_events_pkey" TO "events_pkey";--> statement-breakpoint
ALTER TABLE "test_processor"."payment_methods" RENAME CONSTRAINT "test_processor_payment_methods_pkey" TO "payment_methods_pkey";--> statement-breakpoint
ALTER TABLE "test_processor"."payouts" RENAME CONSTRAINT "test_processor_payouts_pkey" TO "payouts_pkey";--> statement-breakpoint
ALTER TABLE "test_processor"."refunds" RENAME CONSTRAINT "test_processor_refunds_pkey" TO "refunds_pkey";--> statement-breakpoint
ALTER TABLE "test_processor"."subscriptions" RENAME CONSTRAINT "test_processor_subscriptions_pkey" TO "subscriptions_pkey";--> statement-breakpoint
ALTER TABLE "test_processor"."accounts" RENAME CONSTRAINT "test_processor_accounts_onboarding_token_unique" TO "accounts_onboarding_token_unique";--> statement-breakpoint
ALTER TABLE "test_processor"."charges" RENAME CONSTRAINT "test_processor_charges_idempotency_key_unique" TO "charges_idempotency_key_unique";--> statement-breakpoint
ALTER TABLE "test_processor"."events" RENAME CONSTRAINT "test_processor_events_event_id_unique" TO "events_event_id_unique";--> statement-breakpoint
ALTER TABLE "test_processor"."refunds" RENAME CONSTRAINT "test_processor_refunds_idempotency_key_unique" TO "refunds_idempotency_key_unique";--> statement-breakpoint
ALTER TABLE "test_processor"."payouts" RENAME CONSTRAINT "test_processor_payouts_account_id_test_processor_accounts_id_fk" TO "payouts_account_id_accounts_id_fk";--> statement-breakpoint
ALTER TABLE "test_processor"."refunds" RENAME CONSTRAINT "test_processor_refunds_charge_id_test_processor_charges_id_fk" TO "refunds_charge_id_charges_id_fk";--> statement-breakpoint
ALTER INDEX "test_processor"."test_processor_events_pending_idx" RENAME TO "events_pending_idx";--> statement-breakpoint
ALTER SEQUENCE "test_processor"."test_processor_events_id_seq" RENAME TO "events_id_seq";
