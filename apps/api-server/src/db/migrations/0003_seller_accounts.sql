-- Seller accounts (docs/design.md#seller-accounts-permissions-and-the-operation-log): every business row belongs to exactly one account; users
-- belong to one account as its owner or a member. Company config, banners, platforms and platform
-- authorisations stay platform-wide (operators only).

CREATE TABLE seller_accounts (
  id serial PRIMARY KEY,
  name text NOT NULL,
  -- Null only for the instant between creating an account and its owner (one transaction).
  owner_user_id integer REFERENCES users (id) ON DELETE RESTRICT,
  status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'disabled')),
  created_at bigint NOT NULL
);

-- A database that already holds data (from before accounts) gets one account for all of it, owned by
-- its first user; every existing user joins it, so nobody loses what they saw.
INSERT INTO seller_accounts (name, owner_user_id, status, created_at)
SELECT '默认卖家', (SELECT id FROM users ORDER BY id LIMIT 1), 'active',
       COALESCE((SELECT min(created_at) FROM users), 0)
WHERE EXISTS (SELECT 1 FROM users) OR EXISTS (SELECT 1 FROM shops) OR EXISTS (SELECT 1 FROM shop_groups)
   OR EXISTS (SELECT 1 FROM settings);

ALTER TABLE users
  ADD COLUMN account_id integer REFERENCES seller_accounts (id) ON DELETE RESTRICT,
  ADD COLUMN account_role text NOT NULL DEFAULT 'member' CHECK (account_role IN ('owner', 'member')),
  ADD COLUMN status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'disabled'));
UPDATE users SET account_id = (SELECT min(id) FROM seller_accounts),
  account_role = CASE WHEN id = (SELECT min(id) FROM users) THEN 'owner' ELSE 'member' END;
ALTER TABLE users ALTER COLUMN account_id SET NOT NULL;
CREATE INDEX users_account_idx ON users (account_id, id);

-- Every business table: account_id NOT NULL with a foreign key, filled for existing rows.
ALTER TABLE shop_groups ADD COLUMN account_id integer REFERENCES seller_accounts (id) ON DELETE CASCADE;
ALTER TABLE shops ADD COLUMN account_id integer REFERENCES seller_accounts (id) ON DELETE CASCADE;
ALTER TABLE goods ADD COLUMN account_id integer REFERENCES seller_accounts (id) ON DELETE CASCADE;
ALTER TABLE orders ADD COLUMN account_id integer REFERENCES seller_accounts (id) ON DELETE CASCADE;
ALTER TABLE after_sales ADD COLUMN account_id integer REFERENCES seller_accounts (id) ON DELETE CASCADE;
ALTER TABLE copy_records ADD COLUMN account_id integer REFERENCES seller_accounts (id) ON DELETE CASCADE;
UPDATE shop_groups SET account_id = (SELECT min(id) FROM seller_accounts);
UPDATE shops SET account_id = (SELECT min(id) FROM seller_accounts);
UPDATE goods SET account_id = (SELECT min(id) FROM seller_accounts);
UPDATE orders SET account_id = (SELECT min(id) FROM seller_accounts);
UPDATE after_sales SET account_id = (SELECT min(id) FROM seller_accounts);
UPDATE copy_records SET account_id = (SELECT min(id) FROM seller_accounts);
ALTER TABLE shop_groups ALTER COLUMN account_id SET NOT NULL;
ALTER TABLE shops ALTER COLUMN account_id SET NOT NULL;
ALTER TABLE goods ALTER COLUMN account_id SET NOT NULL;
ALTER TABLE orders ALTER COLUMN account_id SET NOT NULL;
ALTER TABLE after_sales ALTER COLUMN account_id SET NOT NULL;
ALTER TABLE copy_records ALTER COLUMN account_id SET NOT NULL;

-- The dropship settings (代发设置): one row per account instead of one row in all.
ALTER TABLE settings ADD COLUMN account_id integer REFERENCES seller_accounts (id) ON DELETE CASCADE;
UPDATE settings SET account_id = (SELECT min(id) FROM seller_accounts);
ALTER TABLE settings DROP CONSTRAINT settings_pkey;
ALTER TABLE settings DROP CONSTRAINT settings_id_check;
ALTER TABLE settings DROP COLUMN id;
ALTER TABLE settings ALTER COLUMN account_id SET NOT NULL;
ALTER TABLE settings ADD PRIMARY KEY (account_id);

-- Names and numbers are unique within an account, not across the platform (a global unique name
-- would tell one seller what another has named a group).
ALTER TABLE shop_groups DROP CONSTRAINT shop_groups_name_key;
CREATE UNIQUE INDEX shop_groups_account_name_idx ON shop_groups (account_id, name);
CREATE INDEX shop_groups_account_id_idx ON shop_groups (account_id, id);
ALTER TABLE orders DROP CONSTRAINT orders_order_no_key;
CREATE UNIQUE INDEX orders_account_order_no_idx ON orders (account_id, order_no);

-- List indexes lead with the account (every list filters by it), then serve the filter and the order
-- as in migration 0002. The per-shop indexes stay as they are: a shop is in one account.
CREATE INDEX shops_account_idx ON shops (account_id, id);
DROP INDEX orders_created_idx;
DROP INDEX orders_status_created_idx;
CREATE INDEX orders_account_created_idx ON orders (account_id, created_at DESC, id DESC);
CREATE INDEX orders_account_status_created_idx ON orders (account_id, status, created_at DESC, id DESC);
DROP INDEX after_sales_created_idx;
DROP INDEX after_sales_status_created_idx;
CREATE INDEX after_sales_account_created_idx ON after_sales (account_id, created_at DESC, id DESC);
CREATE INDEX after_sales_account_status_created_idx
  ON after_sales (account_id, status, created_at DESC, id DESC);
DROP INDEX goods_updated_idx;
DROP INDEX goods_status_updated_idx;
CREATE INDEX goods_account_updated_idx ON goods (account_id, updated_at DESC, id DESC);
CREATE INDEX goods_account_status_updated_idx ON goods (account_id, status, updated_at DESC, id DESC);
DROP INDEX copy_records_created_idx;
DROP INDEX copy_records_status_created_idx;
CREATE INDEX copy_records_account_created_idx ON copy_records (account_id, created_at DESC, id DESC);
CREATE INDEX copy_records_account_status_created_idx
  ON copy_records (account_id, status, created_at DESC, id DESC);
