ALTER TABLE "sample_entry" ADD COLUMN "received_condition" text;--> statement-breakpoint
ALTER TABLE "sample_entry" ADD COLUMN "receipt_note" text;