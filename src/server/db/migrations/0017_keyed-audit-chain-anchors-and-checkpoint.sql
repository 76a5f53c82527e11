CREATE TABLE "audit_anchor" (
	"id" serial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"record_id" bigint NOT NULL,
	"record_count" bigint NOT NULL,
	"head_hash" text NOT NULL,
	"valid" boolean NOT NULL,
	"mailed_to" text,
	"seal" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "audit_checkpoint" (
	"id" integer PRIMARY KEY NOT NULL,
	"record_id" bigint NOT NULL,
	"record_count" bigint NOT NULL,
	"head_hash" text NOT NULL,
	"valid" boolean NOT NULL,
	"broken_at" bigint,
	"problem" text,
	"checked_at" timestamp with time zone DEFAULT now() NOT NULL,
	"seal" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "audit_record" ADD COLUMN "hash_version" integer DEFAULT 1 NOT NULL;