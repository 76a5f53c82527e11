DROP INDEX "booking_created";--> statement-breakpoint
DROP INDEX "sample_entry_updated";--> statement-breakpoint
CREATE INDEX "booking_search" ON "booking" USING gin ("booking_number" gin_trgm_ops,"applicant_company" gin_trgm_ops,"applicant_contact_person" gin_trgm_ops,"email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "booking_sample_type_booking" ON "booking_sample_type" USING btree ("booking_id","position");--> statement-breakpoint
CREATE INDEX "sample_entry_search" ON "sample_entry" USING gin ("idfl_number" gin_trgm_ops,"sample_code" gin_trgm_ops,"sample_type" gin_trgm_ops,"source" gin_trgm_ops,"local_code" gin_trgm_ops,"bn_code" gin_trgm_ops,"package_code" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "third_lab_entry_sent" ON "third_lab_entry" USING btree ("sent_date","sample_entry_id");--> statement-breakpoint
CREATE INDEX "third_lab_entry_received" ON "third_lab_entry" USING btree ("received_date");--> statement-breakpoint
CREATE INDEX "booking_created" ON "booking" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "sample_entry_updated" ON "sample_entry" USING btree ("updated_at","id","status");