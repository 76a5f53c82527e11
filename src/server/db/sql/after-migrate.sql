-- Applied after the migrations on every start; every statement is idempotent.

-- The chain of custody is append-only: the database itself refuses to change or remove a record.
CREATE OR REPLACE FUNCTION audit_record_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_record is append-only: % refused', TG_OP;
END
$$;
DROP TRIGGER IF EXISTS audit_record_append_only ON audit_record;
CREATE TRIGGER audit_record_append_only BEFORE UPDATE OR DELETE ON audit_record
  FOR EACH ROW EXECUTE FUNCTION audit_record_refuse_change();

-- When a sample entered its current status, for the dashboard's long-waiting samples. The database
-- keeps it, so every path that moves a sample (services, undo, sync replays) sets it the same way.
CREATE OR REPLACE FUNCTION sample_entry_track_status_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    NEW.status_changed_at := coalesce(NEW.status_changed_at, NEW.created_at, now());
  ELSIF NEW.status IS DISTINCT FROM OLD.status THEN
    NEW.status_changed_at := now();
  END IF;
  RETURN NEW;
END
$$;
DROP TRIGGER IF EXISTS sample_entry_status_changed ON sample_entry;
CREATE TRIGGER sample_entry_status_changed BEFORE INSERT OR UPDATE ON sample_entry
  FOR EACH ROW EXECUTE FUNCTION sample_entry_track_status_change();

-- Samples from before the column existed: the chain of custody's latest entry into their status.
UPDATE sample_entry AS s SET status_changed_at = coalesce(
  (SELECT max(a.at) FROM audit_record AS a
    WHERE a.entity_type = 'sample_entry' AND a.entity_id = s.id::text AND a.to_status = s.status),
  s.updated_at)
WHERE s.status_changed_at IS NULL;

-- The chain's published anchors are kept as the chain is: the database refuses to change or remove one.
DROP TRIGGER IF EXISTS audit_anchor_append_only ON audit_anchor;
CREATE TRIGGER audit_anchor_append_only BEFORE UPDATE OR DELETE ON audit_anchor
  FOR EACH ROW EXECUTE FUNCTION audit_record_refuse_change();
