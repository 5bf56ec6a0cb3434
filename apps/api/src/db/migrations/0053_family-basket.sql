CREATE TABLE "basket_sessions" (
	"parent_id" integer NOT NULL,
	"session_id" integer NOT NULL,
	"child_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"seen_price_cents" integer NOT NULL,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "basket_sessions_parent_id_session_id_pk" PRIMARY KEY("parent_id","session_id"),
	CONSTRAINT "basket_sessions_children_check" CHECK (cardinality("basket_sessions"."child_ids") <= 10)
);
--> statement-breakpoint
ALTER TABLE "basket_sessions" ADD CONSTRAINT "basket_sessions_parent_id_users_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "basket_sessions" ADD CONSTRAINT "basket_sessions_session_id_camp_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."camp_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "basket_sessions_session_idx" ON "basket_sessions" USING btree ("session_id");