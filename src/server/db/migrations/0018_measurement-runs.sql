CREATE TABLE "measurement_result" (
	"id" serial PRIMARY KEY NOT NULL,
	"measurement_run_id" integer NOT NULL,
	"revision" integer NOT NULL,
	"sample_entry_id" integer NOT NULL,
	"values" jsonb NOT NULL,
	"landed" boolean NOT NULL,
	"not_landed" text,
	"third_lab_entry_version" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "measurement_run" (
	"id" serial PRIMARY KEY NOT NULL,
	"file_name" text NOT NULL,
	"format" text NOT NULL,
	"dispatch_batch_id" integer,
	"measured_on" date NOT NULL,
	"revision" integer DEFAULT 1 NOT NULL,
	"method" jsonb NOT NULL,
	"analyses" jsonb NOT NULL,
	"calibrations" jsonb NOT NULL,
	"elements" jsonb NOT NULL,
	"analysis_count" integer NOT NULL,
	"sample_count" integer NOT NULL,
	"unmatched_count" integer NOT NULL,
	"imported_by" integer,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "measurement_run_value" (
	"id" serial PRIMARY KEY NOT NULL,
	"measurement_run_id" integer NOT NULL,
	"revision" integer NOT NULL,
	"reference_material_value_id" integer NOT NULL,
	"is_anchor" boolean NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reference_material" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"aliases" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"material" text NOT NULL,
	"kind" text DEFAULT 'inHouse' NOT NULL,
	"notes" text,
	"created_by" integer,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reference_material_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "reference_material_value" (
	"id" serial PRIMARY KEY NOT NULL,
	"reference_material_id" integer NOT NULL,
	"element" text NOT NULL,
	"value" double precision NOT NULL,
	"uncertainty" double precision,
	"scale" text NOT NULL,
	"valid_from" date NOT NULL,
	"source" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "third_lab_entry" ADD COLUMN "measurement_runs" jsonb;--> statement-breakpoint
ALTER TABLE "measurement_result" ADD CONSTRAINT "measurement_result_measurement_run_id_measurement_run_id_fk" FOREIGN KEY ("measurement_run_id") REFERENCES "public"."measurement_run"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "measurement_result" ADD CONSTRAINT "measurement_result_sample_entry_id_sample_entry_id_fk" FOREIGN KEY ("sample_entry_id") REFERENCES "public"."sample_entry"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "measurement_run" ADD CONSTRAINT "measurement_run_dispatch_batch_id_dispatch_batch_id_fk" FOREIGN KEY ("dispatch_batch_id") REFERENCES "public"."dispatch_batch"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "measurement_run" ADD CONSTRAINT "measurement_run_imported_by_app_user_id_fk" FOREIGN KEY ("imported_by") REFERENCES "public"."app_user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "measurement_run_value" ADD CONSTRAINT "measurement_run_value_measurement_run_id_measurement_run_id_fk" FOREIGN KEY ("measurement_run_id") REFERENCES "public"."measurement_run"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "measurement_run_value" ADD CONSTRAINT "measurement_run_value_reference_material_value_id_reference_material_value_id_fk" FOREIGN KEY ("reference_material_value_id") REFERENCES "public"."reference_material_value"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reference_material" ADD CONSTRAINT "reference_material_created_by_app_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."app_user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reference_material_value" ADD CONSTRAINT "reference_material_value_reference_material_id_reference_material_id_fk" FOREIGN KEY ("reference_material_id") REFERENCES "public"."reference_material"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reference_material_value" ADD CONSTRAINT "reference_material_value_created_by_app_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."app_user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "measurement_result_sample" ON "measurement_result" USING btree ("sample_entry_id","measurement_run_id");--> statement-breakpoint
CREATE INDEX "measurement_result_run" ON "measurement_result" USING btree ("measurement_run_id","revision");--> statement-breakpoint
CREATE INDEX "measurement_run_package" ON "measurement_run" USING btree ("dispatch_batch_id","created_at","id");--> statement-breakpoint
CREATE INDEX "measurement_run_day" ON "measurement_run" USING btree ("measured_on","created_at","id");--> statement-breakpoint
CREATE INDEX "measurement_run_created" ON "measurement_run" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "measurement_run_value_value" ON "measurement_run_value" USING btree ("reference_material_value_id","measurement_run_id");--> statement-breakpoint
CREATE INDEX "measurement_run_value_run" ON "measurement_run_value" USING btree ("measurement_run_id","revision");--> statement-breakpoint
CREATE UNIQUE INDEX "reference_material_value_version" ON "reference_material_value" USING btree ("reference_material_id","element","valid_from");--> statement-breakpoint
CREATE INDEX "sample_entry_idfl_key" ON "sample_entry" USING btree (regexp_replace(lower(idfl_number), '[^[:alnum:]]', '', 'g'));