DROP INDEX "organizations_host_idx";--> statement-breakpoint
CREATE INDEX "organizations_host_idx" ON "organizations" USING btree ("host_id","name","id");
