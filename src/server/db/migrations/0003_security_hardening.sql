ALTER TABLE "app_user" ADD COLUMN "session_epoch" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "outbound_mail" ADD COLUMN "redacted_text" text;--> statement-breakpoint
ALTER TABLE "stored_file" ADD COLUMN "uploaded_from" text;--> statement-breakpoint
ALTER TABLE "stored_file" ADD COLUMN "claimed_at" timestamp with time zone;