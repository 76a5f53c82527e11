CREATE TABLE "proficiency_test" (
	"id" serial PRIMARY KEY NOT NULL,
	"scheme" text NOT NULL,
	"round" text,
	"round_date" date NOT NULL,
	"material" text NOT NULL,
	"element" text NOT NULL,
	"assigned_value" double precision NOT NULL,
	"laboratory_value" double precision NOT NULL,
	"sigma" double precision NOT NULL,
	"z" double precision NOT NULL,
	"outcome" text NOT NULL,
	"notes" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "proficiency_test" ADD CONSTRAINT "proficiency_test_created_by_app_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."app_user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "proficiency_test_element_round" ON "proficiency_test" USING btree ("element","round_date","id");