-- The balance equals its entries (docs/design.md#balance-and-top-up): the row triggers of 0032 refuse
-- UPDATE and DELETE, but TRUNCATE fires no row trigger. A statement-level BEFORE TRUNCATE trigger
-- refuses it on both tables (also when reached through TRUNCATE ... CASCADE).
CREATE FUNCTION balance_no_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% cannot be truncated: the balance changes only through balance_entries', TG_TABLE_NAME
    USING ERRCODE = 'restrict_violation';
END $$;
CREATE TRIGGER balance_entries_no_truncate BEFORE TRUNCATE ON balance_entries
  FOR EACH STATEMENT EXECUTE FUNCTION balance_no_truncate();
CREATE TRIGGER account_balances_no_truncate BEFORE TRUNCATE ON account_balances
  FOR EACH STATEMENT EXECUTE FUNCTION balance_no_truncate();
