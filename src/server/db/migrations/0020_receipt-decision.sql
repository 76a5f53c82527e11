ALTER TABLE "sample_entry" ADD COLUMN "receipt_decision" text;--> statement-breakpoint
ALTER TABLE "sample_entry" ADD COLUMN "receipt_decision_note" text;--> statement-breakpoint
ALTER TABLE "sample_entry" ADD COLUMN "receipt_decision_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sample_entry" ADD COLUMN "receipt_decision_by" integer;--> statement-breakpoint
ALTER TABLE "sample_entry" ADD CONSTRAINT "sample_entry_receipt_decision_by_app_user_id_fk" FOREIGN KEY ("receipt_decision_by") REFERENCES "public"."app_user"("id") ON DELETE no action ON UPDATE no action;