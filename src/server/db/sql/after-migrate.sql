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
