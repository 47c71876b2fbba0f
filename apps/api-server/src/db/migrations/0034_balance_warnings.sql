-- 余额预警: the balance (fen) below which the seller account wants to be told; no row = off. A charge
-- that takes the balance from at least this to below it raises one notification (db/balance.ts).
CREATE TABLE balance_warnings (
  account_id integer PRIMARY KEY REFERENCES seller_accounts (id) ON DELETE CASCADE,
  threshold bigint NOT NULL CHECK (threshold > 0 AND threshold <= 100000000),
  updated_at bigint NOT NULL
);
