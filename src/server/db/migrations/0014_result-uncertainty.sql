ALTER TABLE "third_lab_entry" ADD COLUMN "carbon_uncertainty" double precision;--> statement-breakpoint
ALTER TABLE "third_lab_entry" ADD COLUMN "hydrogen_uncertainty" double precision;--> statement-breakpoint
ALTER TABLE "third_lab_entry" ADD COLUMN "oxygen_uncertainty" double precision;