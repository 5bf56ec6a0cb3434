CREATE TABLE "camp_questions" (
	"id" serial PRIMARY KEY NOT NULL,
	"camp_id" integer NOT NULL,
	"label" text NOT NULL,
	"kind" text NOT NULL,
	"options" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"required" boolean NOT NULL,
	"per" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "camp_waivers" (
	"id" serial PRIMARY KEY NOT NULL,
	"camp_id" integer NOT NULL,
	"title" text NOT NULL,
	"text" text NOT NULL,
	"required" boolean NOT NULL,
	"text_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "form_files" (
	"id" serial PRIMARY KEY NOT NULL,
	"parent_id" integer NOT NULL,
	"camp_id" integer NOT NULL,
	"name" text NOT NULL,
	"content_type" text NOT NULL,
	"content" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "question_answers" (
	"id" serial PRIMARY KEY NOT NULL,
	"question_id" integer NOT NULL,
	"parent_id" integer NOT NULL,
	"child_id" integer,
	"value" jsonb NOT NULL,
	"file_id" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "question_answers_owner_key" UNIQUE NULLS NOT DISTINCT("question_id","parent_id","child_id")
);
--> statement-breakpoint
CREATE TABLE "waiver_signatures" (
	"id" serial PRIMARY KEY NOT NULL,
	"waiver_id" integer,
	"camp_id" integer NOT NULL,
	"parent_id" integer NOT NULL,
	"signed_name" text NOT NULL,
	"title" text NOT NULL,
	"text" text NOT NULL,
	"text_hash" text NOT NULL,
	"ip_address" text NOT NULL,
	"user_agent" text NOT NULL,
	"signed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "camp_questions" ADD CONSTRAINT "camp_questions_camp_id_camps_id_fk" FOREIGN KEY ("camp_id") REFERENCES "public"."camps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "camp_waivers" ADD CONSTRAINT "camp_waivers_camp_id_camps_id_fk" FOREIGN KEY ("camp_id") REFERENCES "public"."camps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_files" ADD CONSTRAINT "form_files_parent_id_users_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_files" ADD CONSTRAINT "form_files_camp_id_camps_id_fk" FOREIGN KEY ("camp_id") REFERENCES "public"."camps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "question_answers" ADD CONSTRAINT "question_answers_question_id_camp_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."camp_questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "question_answers" ADD CONSTRAINT "question_answers_parent_id_users_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "question_answers" ADD CONSTRAINT "question_answers_child_id_children_id_fk" FOREIGN KEY ("child_id") REFERENCES "public"."children"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "question_answers" ADD CONSTRAINT "question_answers_file_id_form_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."form_files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waiver_signatures" ADD CONSTRAINT "waiver_signatures_waiver_id_camp_waivers_id_fk" FOREIGN KEY ("waiver_id") REFERENCES "public"."camp_waivers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waiver_signatures" ADD CONSTRAINT "waiver_signatures_camp_id_camps_id_fk" FOREIGN KEY ("camp_id") REFERENCES "public"."camps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waiver_signatures" ADD CONSTRAINT "waiver_signatures_parent_id_users_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "camp_questions_camp_idx" ON "camp_questions" USING btree ("camp_id","id");--> statement-breakpoint
CREATE INDEX "camp_waivers_camp_idx" ON "camp_waivers" USING btree ("camp_id","id");--> statement-breakpoint
CREATE INDEX "form_files_parent_idx" ON "form_files" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "question_answers_parent_idx" ON "question_answers" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "question_answers_child_idx" ON "question_answers" USING btree ("child_id");--> statement-breakpoint
CREATE INDEX "question_answers_file_idx" ON "question_answers" USING btree ("file_id");--> statement-breakpoint
CREATE UNIQUE INDEX "waiver_signatures_version_key" ON "waiver_signatures" USING btree ("parent_id","waiver_id","text_hash");--> statement-breakpoint
CREATE INDEX "waiver_signatures_waiver_idx" ON "waiver_signatures" USING btree ("waiver_id");--> statement-breakpoint
CREATE INDEX "waiver_signatures_camp_idx" ON "waiver_signatures" USING btree ("camp_id");