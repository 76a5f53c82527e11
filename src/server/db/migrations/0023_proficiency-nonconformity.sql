ALTER TABLE "nonconformity" ALTER COLUMN "measurement_run_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "nonconformity" ADD COLUMN "proficiency_test_id" integer;--> statement-breakpoint
ALTER TABLE "nonconformity" ADD CONSTRAINT "nonconformity_proficiency_test_id_proficiency_test_id_fk" FOREIGN KEY ("proficiency_test_id") REFERENCES "public"."proficiency_test"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "nonconformity_proficiency_test" ON "nonconformity" USING btree ("proficiency_test_id");--> statement-breakpoint
ALTER TABLE "nonconformity" ADD CONSTRAINT "nonconformity_one_source" CHECK (num_nonnulls("nonconformity"."measurement_run_id", "nonconformity"."proficiency_test_id") = 1);