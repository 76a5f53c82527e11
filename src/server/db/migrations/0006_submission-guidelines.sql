CREATE TABLE "submission_guidelines" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"text_en" text NOT NULL,
	"text_vi" text NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "submission_guidelines" ADD CONSTRAINT "submission_guidelines_updated_by_app_user_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."app_user"("id") ON DELETE set null ON UPDATE no action;