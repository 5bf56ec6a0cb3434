CREATE TABLE "org_members" (
	"id" serial PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"role" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "team_invitations" (
	"id" serial PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL,
	"email" text NOT NULL,
	"role" text NOT NULL,
	"token_hash" text NOT NULL,
	"invited_by" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"accepted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "team_invitations_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "org_members" ADD CONSTRAINT "org_members_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "org_members" ADD CONSTRAINT "org_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_invitations" ADD CONSTRAINT "team_invitations_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_invitations" ADD CONSTRAINT "team_invitations_invited_by_users_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "org_members_org_user_key" ON "org_members" USING btree ("org_id","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "org_members_one_owner_key" ON "org_members" USING btree ("org_id") WHERE "org_members"."role" = 'owner';--> statement-breakpoint
CREATE INDEX "org_members_user_idx" ON "org_members" USING btree ("user_id","org_id");--> statement-breakpoint
CREATE UNIQUE INDEX "team_invitations_open_key" ON "team_invitations" USING btree ("org_id",lower("email")) WHERE "team_invitations"."accepted_at" is null;--> statement-breakpoint
-- Every organisation's host is its owner member, from now on and for those that exist (decision 057).
INSERT INTO "org_members" ("org_id", "user_id", "role", "created_at")
SELECT "id", "host_id", 'owner', "created_at" FROM "organizations";--> statement-breakpoint
CREATE FUNCTION org_owner_member() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO org_members (org_id, user_id, role) VALUES (NEW.id, NEW.host_id, 'owner');
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER organizations_owner_member AFTER INSERT ON "organizations"
FOR EACH ROW EXECUTE FUNCTION org_owner_member();
