-- Statements are separated by lines '--;;' (each runs on its own).
-- Database-level guards the schema DSL cannot express. Applied after the migrations on every
-- start (idempotent: CREATE OR REPLACE). See docs/money-and-items.md, Ledger.

-- Ledger entries and transfers are append-only: a mistake is fixed by a correcting transfer.
CREATE OR REPLACE FUNCTION kx_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'ledger rows are append-only (% on %)', TG_OP, TG_TABLE_NAME
    USING ERRCODE = 'integrity_constraint_violation';
END $$;
--;;

CREATE OR REPLACE TRIGGER ledger_entries_append_only
  BEFORE UPDATE OR DELETE ON ledger_entries FOR EACH ROW EXECUTE FUNCTION kx_refuse_change();
--;;
CREATE OR REPLACE TRIGGER ledger_transfers_append_only
  BEFORE UPDATE OR DELETE ON ledger_transfers FOR EACH ROW EXECUTE FUNCTION kx_refuse_change();
--;;
CREATE OR REPLACE TRIGGER ledger_entries_no_truncate
  BEFORE TRUNCATE ON ledger_entries FOR EACH STATEMENT EXECUTE FUNCTION kx_refuse_change();
--;;
CREATE OR REPLACE TRIGGER ledger_transfers_no_truncate
  BEFORE TRUNCATE ON ledger_transfers FOR EACH STATEMENT EXECUTE FUNCTION kx_refuse_change();
--;;

-- At commit, every transfer that got entries must sum to zero in each currency.
CREATE OR REPLACE FUNCTION kx_transfer_balanced() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE unbalanced text;
BEGIN
  SELECT currency INTO unbalanced FROM ledger_entries
   WHERE transfer_id = NEW.transfer_id GROUP BY currency HAVING sum(amount) <> 0 LIMIT 1;
  IF unbalanced IS NOT NULL THEN
    RAISE EXCEPTION 'ledger transfer % does not balance in %', NEW.transfer_id, unbalanced
      USING ERRCODE = 'check_violation';
  END IF;
  RETURN NULL;
END $$;
--;;

-- Constraint triggers have no OR REPLACE: create it once.
DO $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_trigger WHERE tgname = 'ledger_entries_balanced') THEN
    CREATE CONSTRAINT TRIGGER ledger_entries_balanced
      AFTER INSERT ON ledger_entries DEFERRABLE INITIALLY DEFERRED
      FOR EACH ROW EXECUTE FUNCTION kx_transfer_balanced();
  END IF;
END $$;
--;;
