ALTER TABLE "third_lab_entry" ADD COLUMN "nitrogen" double precision;--> statement-breakpoint
ALTER TABLE "third_lab_entry" ADD COLUMN "sulfur" double precision;--> statement-breakpoint
ALTER TABLE "third_lab_entry" ADD COLUMN "nitrogen_uncertainty" double precision;--> statement-breakpoint
ALTER TABLE "third_lab_entry" ADD COLUMN "sulfur_uncertainty" double precision;