ALTER TABLE "app_user" ADD COLUMN "session_epoch" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "outbound_mail" ADD COLUMN "redacted_text" text;