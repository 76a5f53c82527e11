-- A sample's third-lab entries with the worklist's order keys beside them: a filtered far page counts
-- the rows after its last one by looking up each matching sample's entries in this index alone,
-- instead of hashing a scan of every third-lab entry.
DROP INDEX "third_lab_entry_sample";--> statement-breakpoint
CREATE INDEX "third_lab_entry_sample" ON "third_lab_entry" USING btree ("sample_entry_id","sent_date","id");