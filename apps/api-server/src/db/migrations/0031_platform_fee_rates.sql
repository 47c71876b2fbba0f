-- 平台扣点: the fee each sales platform takes from what the buyer paid, per seller account, in
-- 1/10000 of the amount (60 = 0.6 %). A platform without a row takes nothing. The order's 利润 is
-- amount - cost - round_half_up(amount * rate / 10000), computed in SQL from these columns
-- (src/db/profit.ts) so the order list, its filter, the export and 利润报表 agree.
CREATE TABLE platform_fee_rates (
  account_id integer NOT NULL REFERENCES seller_accounts (id) ON DELETE CASCADE,
  platform text NOT NULL,
  rate integer NOT NULL CHECK (rate >= 0 AND rate <= 10000),
  PRIMARY KEY (account_id, platform)
);
