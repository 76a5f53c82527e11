ALTER TABLE "sample_entry" ADD COLUMN "status_changed_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "audit_record_transition" ON "audit_record" USING btree ("entity_type","to_status","at");--> statement-breakpoint
CREATE INDEX "audit_record_entity_status" ON "audit_record" USING btree ("entity_type","entity_id","to_status","at");--> statement-breakpoint
CREATE INDEX "booking_created" ON "booking" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "booking_rush" ON "booking" USING btree ("id") WHERE rush_service;--> statement-breakpoint
CREATE INDEX "sample_entry_status_changed" ON "sample_entry" USING btree ("status","status_changed_at");--> statement-breakpoint
CREATE INDEX "sample_entry_open_since" ON "sample_entry" USING btree ("status_changed_at","status") WHERE status IN ('New', 'CsConfirmed', 'SentToTester', 'TesterConfirmed', 'SentToThirdLab', 'ThirdLabConfirmed', 'ResultReturned');--> statement-breakpoint
CREATE INDEX "sample_entry_final_result" ON "sample_entry" USING btree ("final_result_confirmed_at");--> statement-breakpoint
CREATE INDEX "third_lab_entry_returned" ON "third_lab_entry" USING btree ("result_returned_date");