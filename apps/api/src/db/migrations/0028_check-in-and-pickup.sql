CREATE TABLE "attendance_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"session_id" integer NOT NULL,
	"child_id" integer NOT NULL,
	"day" date NOT NULL,
	"kind" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"host_id" integer NOT NULL,
	"pickup_adult_id" integer,
	"person_name" text,
	"relationship" text,
	"request_key" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pickup_adults" (
	"id" serial PRIMARY KEY NOT NULL,
	"child_id" integer NOT NULL,
	"name" text NOT NULL,
	"relationship" text NOT NULL,
	"phone" text NOT NULL,
	"photo_image_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "attendance_events" ADD CONSTRAINT "attendance_events_session_id_camp_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."camp_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance_events" ADD CONSTRAINT "attendance_events_child_id_children_id_fk" FOREIGN KEY ("child_id") REFERENCES "public"."children"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance_events" ADD CONSTRAINT "attendance_events_host_id_users_id_fk" FOREIGN KEY ("host_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance_events" ADD CONSTRAINT "attendance_events_pickup_adult_id_pickup_adults_id_fk" FOREIGN KEY ("pickup_adult_id") REFERENCES "public"."pickup_adults"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pickup_adults" ADD CONSTRAINT "pickup_adults_child_id_children_id_fk" FOREIGN KEY ("child_id") REFERENCES "public"."children"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pickup_adults" ADD CONSTRAINT "pickup_adults_photo_image_id_images_id_fk" FOREIGN KEY ("photo_image_id") REFERENCES "public"."images"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "attendance_events_check_in_key" ON "attendance_events" USING btree ("session_id","child_id","day") WHERE "attendance_events"."kind" = 'check_in';--> statement-breakpoint
CREATE UNIQUE INDEX "attendance_events_check_out_key" ON "attendance_events" USING btree ("session_id","child_id","day") WHERE "attendance_events"."kind" = 'check_out';--> statement-breakpoint
CREATE UNIQUE INDEX "attendance_events_request_key" ON "attendance_events" USING btree ("host_id","request_key");--> statement-breakpoint
CREATE INDEX "attendance_events_session_day_idx" ON "attendance_events" USING btree ("session_id","day");--> statement-breakpoint
CREATE INDEX "attendance_events_child_idx" ON "attendance_events" USING btree ("child_id");--> statement-breakpoint
CREATE INDEX "pickup_adults_child_idx" ON "pickup_adults" USING btree ("child_id");