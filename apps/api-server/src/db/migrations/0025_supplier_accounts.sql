-- The seller account's 1688 buyer account (代发设置 → 1688采购账号), one per seller account: who it is
-- on 1688 and its OAuth tokens, sealed like shop tokens (src/db/supplier-account.ts is the only code
-- that touches the sealed columns). `status` turns 'expired' when 1688 refuses the refresh; connecting
-- again (重新授权) replaces the row's account and tokens.
CREATE TABLE supplier_accounts (
  account_id integer PRIMARY KEY REFERENCES seller_accounts (id) ON DELETE CASCADE,
  member_id text NOT NULL,
  login_id text NOT NULL,
  access_token_sealed text NOT NULL,
  refresh_token_sealed text NOT NULL,
  -- Unix seconds: the access token's expiry, and the refresh token's (null when 1688 does not say).
  expires_at bigint NOT NULL,
  refresh_expires_at bigint,
  status text NOT NULL DEFAULT 'connected' CHECK (status IN ('connected', 'expired')),
  connected_at bigint NOT NULL,
  connected_by integer REFERENCES users (id) ON DELETE SET NULL
);
