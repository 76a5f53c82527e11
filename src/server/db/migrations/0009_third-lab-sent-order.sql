-- The third lab's worklist order ends with the entry's id (keyset paging's tie-breaker): with it in the
-- index, a page far down the list is read from the index instead of sorting every entry.
DROP INDEX "third_lab_entry_sent";--> statement-breakpoint
CREATE INDEX "third_lab_entry_sent" ON "third_lab_entry" USING btree ("sent_date","sample_entry_id","id");