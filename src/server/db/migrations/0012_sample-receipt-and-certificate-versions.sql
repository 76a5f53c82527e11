DROP INDEX "certificate_sample";--> statement-breakpoint
ALTER TABLE "sample_entry" ADD COLUMN "received_condition" text;--> statement-breakpoint
ALTER TABLE "sample_entry" ADD COLUMN "receipt_note" text;--> statement-breakpoint
ALTER TABLE "sample_entry" ADD COLUMN "origin_reason" text;--> statement-breakpoint
CREATE UNIQUE INDEX "certificate_sample_version" ON "certificate" USING btree ("sample_entry_id","version");