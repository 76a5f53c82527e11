DROP INDEX "certificate_sample";--> statement-breakpoint
CREATE UNIQUE INDEX "certificate_sample_version" ON "certificate" USING btree ("sample_entry_id","version");