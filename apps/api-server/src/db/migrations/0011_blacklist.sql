-- 黑名单: a seller account's blacklisted buyers, by receiver mobile (the buyer of 买家管理 is
-- the orders grouped by buyer name and receiver mobile). An order whose receiver mobile is listed is
-- flagged in the order list, and 采购 of it needs a confirmation. Lifting the blacklist deletes the
-- row (the operation log keeps who did it and why); `version` guards changing the reason and lifting.
CREATE TABLE blacklist (
  id serial PRIMARY KEY,
  account_id integer NOT NULL REFERENCES seller_accounts (id) ON DELETE CASCADE,
  mobile text NOT NULL,
  buyer_name text NOT NULL DEFAULT '',
  reason text NOT NULL,
  created_at bigint NOT NULL,
  version integer NOT NULL DEFAULT 1,
  UNIQUE (account_id, mobile)
);

-- 买家管理 groups an account's orders by buyer name and receiver mobile; 黑名单 looks orders up by mobile.
CREATE INDEX orders_account_buyer_idx ON orders (account_id, receiver_mobile, buyer_name);
