-- 余额: a seller account's balance in 分, changed only by the entries of its ledger. The database holds
-- the rules, whatever code runs:
--   * balance_entries is append-only (a trigger refuses UPDATE and DELETE);
--   * inserting an entry moves the account's row of account_balances by its amount in the same
--     statement (a BEFORE INSERT trigger: the UPDATE takes the row's lock, so entries of one account
--     are applied one after the other) and stamps the entry's balance_after from it;
--   * account_balances.balance never goes below zero (CHECK), and only that trigger may change it;
-- so the balance always equals the sum of the account's entries.

CREATE TABLE account_balances (
  account_id integer PRIMARY KEY REFERENCES seller_accounts (id) ON DELETE RESTRICT,
  balance bigint NOT NULL DEFAULT 0 CHECK (balance >= 0),
  updated_at bigint NOT NULL
);

CREATE TABLE balance_entries (
  id bigserial PRIMARY KEY,
  account_id integer NOT NULL REFERENCES seller_accounts (id) ON DELETE RESTRICT,
  -- topup 充值 (> 0), charge 扣费 (< 0), refund 退款 (> 0), adjust 调整 (either sign, operators only).
  kind text NOT NULL CHECK (kind IN ('topup', 'charge', 'refund', 'adjust')),
  amount bigint NOT NULL CONSTRAINT balance_entries_amount_sign CHECK (
    amount <> 0
    AND (kind NOT IN ('topup', 'refund') OR amount > 0)
    AND (kind <> 'charge' OR amount < 0)
  ),
  balance_after bigint NOT NULL CHECK (balance_after >= 0),
  reason text NOT NULL,
  -- The order a charge or refund is for (no foreign key: the ledger outlives what it refers to).
  order_id integer,
  -- The top-up's out_trade_no.
  payment_no text,
  -- Who did it (an operator's adjustment), NULL for the system.
  user_id integer,
  created_at bigint NOT NULL
);
CREATE INDEX balance_entries_account_idx ON balance_entries (account_id, created_at DESC, id DESC);
-- At most one top-up per payment, one charge and one refund per order: a repeat is refused by the
-- database, so a retried notification or step cannot credit or charge twice.
CREATE UNIQUE INDEX balance_entries_payment_idx ON balance_entries (payment_no) WHERE kind = 'topup';
CREATE UNIQUE INDEX balance_entries_order_idx ON balance_entries (account_id, order_id, kind)
  WHERE kind IN ('charge', 'refund');

CREATE FUNCTION balance_entry_apply() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  after bigint;
BEGIN
  INSERT INTO account_balances (account_id, balance, updated_at)
    VALUES (NEW.account_id, 0, NEW.created_at) ON CONFLICT (account_id) DO NOTHING;
  -- Locks the account's row until the transaction ends; the CHECK refuses a balance below zero.
  UPDATE account_balances SET balance = balance + NEW.amount, updated_at = NEW.created_at
    WHERE account_id = NEW.account_id RETURNING balance INTO after;
  NEW.balance_after := after;
  RETURN NEW;
END $$;
CREATE TRIGGER balance_entries_apply BEFORE INSERT ON balance_entries
  FOR EACH ROW EXECUTE FUNCTION balance_entry_apply();

CREATE FUNCTION balance_entries_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'balance_entries is append-only' USING ERRCODE = 'restrict_violation';
END $$;
CREATE TRIGGER balance_entries_append_only BEFORE UPDATE OR DELETE ON balance_entries
  FOR EACH ROW EXECUTE FUNCTION balance_entries_append_only();

-- The balance changes only through an entry (the trigger above runs this UPDATE one level down).
CREATE FUNCTION account_balances_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' OR (TG_OP = 'INSERT' AND NEW.balance <> 0)
      OR (TG_OP = 'UPDATE' AND NEW.balance IS DISTINCT FROM OLD.balance AND pg_trigger_depth() < 2) THEN
    RAISE EXCEPTION 'account_balances changes only through balance_entries' USING ERRCODE = 'restrict_violation';
  END IF;
  RETURN CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END;
END $$;
CREATE TRIGGER account_balances_guard BEFORE INSERT OR UPDATE OR DELETE ON account_balances
  FOR EACH ROW EXECUTE FUNCTION account_balances_guard();
