-- The operation log (操作日志) and record versions (docs/design.md#seller-accounts-permissions-and-the-operation-log).

-- One row per successful write: who (as they were then), which account (NULL: a platform change such
-- as the company profile, banners, platforms), when, from where, what, and the fields that changed.
CREATE TABLE operation_log (
  id serial PRIMARY KEY,
  account_id integer REFERENCES seller_accounts (id) ON DELETE CASCADE,
  user_id integer REFERENCES users (id) ON DELETE SET NULL,
  actor_mobile text NOT NULL,
  actor_name text NOT NULL DEFAULT '',
  ip text NOT NULL,
  action text NOT NULL,
  action_label text NOT NULL,
  target_type text NOT NULL,
  target_id integer,
  target_name text NOT NULL DEFAULT '',
  -- [{ "field": ..., "before": ..., "after": ... }], secrets already masked.
  changes jsonb NOT NULL DEFAULT '[]',
  created_at bigint NOT NULL
);
CREATE INDEX operation_log_account_idx ON operation_log (account_id, created_at DESC, id DESC);
CREATE INDEX operation_log_platform_idx ON operation_log (created_at DESC, id DESC) WHERE account_id IS NULL;

-- Every editable record carries a version: 1 when created, one more on every save. A save names the
-- version it read (UPDATE ... WHERE id = $1 AND version = $2); a stale one changes nothing (409).
ALTER TABLE company ADD COLUMN version integer NOT NULL DEFAULT 1;
ALTER TABLE banners ADD COLUMN version integer NOT NULL DEFAULT 1;
ALTER TABLE platforms ADD COLUMN version integer NOT NULL DEFAULT 1;
ALTER TABLE platform_auths ADD COLUMN version integer NOT NULL DEFAULT 1;
ALTER TABLE settings ADD COLUMN version integer NOT NULL DEFAULT 1;
ALTER TABLE shop_groups ADD COLUMN version integer NOT NULL DEFAULT 1;
ALTER TABLE shops ADD COLUMN version integer NOT NULL DEFAULT 1;
ALTER TABLE goods ADD COLUMN version integer NOT NULL DEFAULT 1;
