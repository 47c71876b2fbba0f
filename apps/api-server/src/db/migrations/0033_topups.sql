-- 充值: a top-up of a seller account's balance paid through Alipay. `out_trade_no` is ours, unique;
-- the amount is what was asked (分). pending until Alipay's notification (or the reconciliation's
-- alipay.trade.query) says it was paid: then paid, with its balance entry (kind topup, payment_no =
-- out_trade_no, unique) in the same transaction; closed when Alipay closed it unpaid; flagged when
-- Alipay's records disagree with ours (another amount), for an operator.
CREATE TABLE topups (
  id serial PRIMARY KEY,
  account_id integer NOT NULL REFERENCES seller_accounts (id) ON DELETE RESTRICT,
  out_trade_no text NOT NULL UNIQUE,
  amount bigint NOT NULL CHECK (amount > 0),
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'paid', 'closed', 'flagged')),
  -- Alipay's trade number, once known.
  trade_no text,
  flag_reason text,
  user_id integer,
  created_at bigint NOT NULL,
  settled_at bigint
);
CREATE INDEX topups_account_idx ON topups (account_id, created_at DESC);
CREATE INDEX topups_pending_idx ON topups (created_at) WHERE status = 'pending';

-- Notifications that credited nothing (bad signature, another app, another amount, an unknown trade,
-- a closed trade): kept for operators, with what was wrong. Never the signature or the raw body.
CREATE TABLE payment_notices (
  id serial PRIMARY KEY,
  out_trade_no text NOT NULL,
  problem text NOT NULL,
  trade_status text NOT NULL,
  total_amount text NOT NULL,
  created_at bigint NOT NULL
);
CREATE INDEX payment_notices_created_idx ON payment_notices (created_at DESC);

-- 代发服务费: what each purchased order costs the seller's balance, set by operators (全局设置).
-- platform '' is the fee of every platform without a row of its own.
CREATE TABLE purchase_fees (
  platform text PRIMARY KEY,
  fee bigint NOT NULL CHECK (fee >= 0 AND fee <= 100000000),
  updated_at bigint NOT NULL
);
