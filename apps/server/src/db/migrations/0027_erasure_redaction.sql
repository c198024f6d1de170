-- 注销账号 (modules/65-privacy/erasure.ts) replaces a closed member's name and what they typed
-- wherever it is quoted, the ledger's notes and the audit trail included. Both stay append-only:
-- only a transaction that set lab.erasure may change a ledger entry's note, or an audit row's
-- input, before, after and address; every other column (amounts, accounts, references, actors,
-- actions, times) must stay exactly as it was, and deleting stays refused.
CREATE OR REPLACE FUNCTION ledger_entries_immutable() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND current_setting('lab.erasure', true) = 'on' AND (to_jsonb(NEW) - 'note') = (to_jsonb(OLD) - 'note') THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'ledger entries are immutable (% refused)', TG_OP USING ERRCODE = 'P0001';
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION audit_log_immutable() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND current_setting('lab.erasure', true) = 'on'
    AND (to_jsonb(NEW) - 'input' - 'before' - 'after' - 'ip') = (to_jsonb(OLD) - 'input' - 'before' - 'after' - 'ip') THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'the audit log is append-only (% refused)', TG_OP USING ERRCODE = 'P0001';
END
$$;
