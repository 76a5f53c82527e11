ALTER TABLE "analysis" ALTER COLUMN "status" SET DEFAULT 'Saved';--> statement-breakpoint
ALTER TABLE "clean_isotope_record" ALTER COLUMN "country_code" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "clean_isotope_record" ALTER COLUMN "latitude" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "clean_isotope_record" ALTER COLUMN "longitude" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "analysis" ADD COLUMN "reference_version" text;--> statement-breakpoint
ALTER TABLE "analysis" ADD COLUMN "sample_entry_id" integer;--> statement-breakpoint
ALTER TABLE "analysis" ADD COLUMN "clean_isotope_record_id" integer;--> statement-breakpoint
ALTER TABLE "analysis" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "clean_isotope_record" ADD COLUMN "d15n" double precision;--> statement-breakpoint
ALTER TABLE "clean_isotope_record" ADD COLUMN "d34s" double precision;--> statement-breakpoint
ALTER TABLE "analysis" ADD CONSTRAINT "analysis_sample_entry_id_sample_entry_id_fk" FOREIGN KEY ("sample_entry_id") REFERENCES "public"."sample_entry"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "analysis_classify_date" ON "analysis" USING btree ("classify","analysis_date");--> statement-breakpoint
CREATE INDEX "analysis_prediction_date" ON "analysis" USING btree ("prediction","analysis_date");--> statement-breakpoint
CREATE UNIQUE INDEX "clean_isotope_material_sample_code" ON "clean_isotope_record" USING btree ("material","sample_code");