CREATE TABLE "nonconformity" (
	"id" serial PRIMARY KEY NOT NULL,
	"measurement_run_id" integer NOT NULL,
	"rules" jsonb NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"released_by" integer,
	"released_at" timestamp with time zone,
	"justification" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "nonconformity_sample" (
	"nonconformity_id" integer NOT NULL,
	"sample_entry_id" integer NOT NULL,
	"measurement_run_id" integer NOT NULL,
	CONSTRAINT "nonconformity_sample_nonconformity_id_sample_entry_id_pk" PRIMARY KEY("nonconformity_id","sample_entry_id")
);
--> statement-breakpoint
CREATE TABLE "qc_check_result" (
	"id" serial PRIMARY KEY NOT NULL,
	"measurement_run_id" integer NOT NULL,
	"reference_material_id" integer NOT NULL,
	"element" text NOT NULL,
	"position" integer NOT NULL,
	"value" double precision NOT NULL
);
--> statement-breakpoint
CREATE TABLE "qc_control_limit" (
	"id" serial PRIMARY KEY NOT NULL,
	"reference_material_id" integer NOT NULL,
	"element" text NOT NULL,
	"mean" double precision NOT NULL,
	"sd" double precision NOT NULL,
	"set_by" integer,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "qc_run_verdict" (
	"measurement_run_id" integer PRIMARY KEY NOT NULL,
	"verdict" text NOT NULL,
	"rules" jsonb NOT NULL,
	"checks" jsonb NOT NULL,
	"duplicates" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "nonconformity" ADD CONSTRAINT "nonconformity_measurement_run_id_measurement_run_id_fk" FOREIGN KEY ("measurement_run_id") REFERENCES "public"."measurement_run"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nonconformity" ADD CONSTRAINT "nonconformity_released_by_app_user_id_fk" FOREIGN KEY ("released_by") REFERENCES "public"."app_user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nonconformity_sample" ADD CONSTRAINT "nonconformity_sample_nonconformity_id_nonconformity_id_fk" FOREIGN KEY ("nonconformity_id") REFERENCES "public"."nonconformity"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nonconformity_sample" ADD CONSTRAINT "nonconformity_sample_sample_entry_id_sample_entry_id_fk" FOREIGN KEY ("sample_entry_id") REFERENCES "public"."sample_entry"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nonconformity_sample" ADD CONSTRAINT "nonconformity_sample_measurement_run_id_measurement_run_id_fk" FOREIGN KEY ("measurement_run_id") REFERENCES "public"."measurement_run"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qc_check_result" ADD CONSTRAINT "qc_check_result_measurement_run_id_measurement_run_id_fk" FOREIGN KEY ("measurement_run_id") REFERENCES "public"."measurement_run"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qc_check_result" ADD CONSTRAINT "qc_check_result_reference_material_id_reference_material_id_fk" FOREIGN KEY ("reference_material_id") REFERENCES "public"."reference_material"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qc_control_limit" ADD CONSTRAINT "qc_control_limit_reference_material_id_reference_material_id_fk" FOREIGN KEY ("reference_material_id") REFERENCES "public"."reference_material"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qc_control_limit" ADD CONSTRAINT "qc_control_limit_set_by_app_user_id_fk" FOREIGN KEY ("set_by") REFERENCES "public"."app_user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qc_run_verdict" ADD CONSTRAINT "qc_run_verdict_measurement_run_id_measurement_run_id_fk" FOREIGN KEY ("measurement_run_id") REFERENCES "public"."measurement_run"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "nonconformity_status" ON "nonconformity" USING btree ("status","id");--> statement-breakpoint
CREATE UNIQUE INDEX "nonconformity_run" ON "nonconformity" USING btree ("measurement_run_id");--> statement-breakpoint
CREATE INDEX "nonconformity_sample_sample" ON "nonconformity_sample" USING btree ("sample_entry_id");--> statement-breakpoint
CREATE INDEX "qc_check_result_chart" ON "qc_check_result" USING btree ("reference_material_id","element","measurement_run_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "qc_control_limit_chart" ON "qc_control_limit" USING btree ("reference_material_id","element");