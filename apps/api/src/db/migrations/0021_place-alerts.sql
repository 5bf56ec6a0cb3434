ALTER TABLE "session_opening_requests" ADD COLUMN "kind" text DEFAULT 'opening' NOT NULL;--> statement-breakpoint
ALTER TABLE "session_opening_requests" DROP CONSTRAINT "session_opening_requests_session_id_parent_id_pk";--> statement-breakpoint
ALTER TABLE "session_opening_requests" ADD CONSTRAINT "session_opening_requests_session_id_parent_id_kind_pk" PRIMARY KEY("session_id","parent_id","kind");
