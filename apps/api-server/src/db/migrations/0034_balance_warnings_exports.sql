-- 余额预警: the balance (fen) below which the seller account wants to be told; no row = off. A charge
-- that takes the balance from at least this to below it raises one notification (db/balance.ts).
CREATE TABLE balance_warnings (
  account_id integer PRIMARY KEY REFERENCES seller_accounts (id) ON DELETE CASCADE,
  threshold bigint NOT NULL CHECK (threshold > 0 AND threshold <= 100000000),
  updated_at bigint NOT NULL
);

-- 余额明细 导出: an export job is of the orders (代发订单) or of the balance's ledger; the same runner,
-- files and 下载中心 (jobs/export.ts).
ALTER TABLE export_jobs ADD COLUMN source text NOT NULL DEFAULT 'orders'
  CONSTRAINT export_jobs_source_check CHECK (source IN ('orders', 'balance'));
