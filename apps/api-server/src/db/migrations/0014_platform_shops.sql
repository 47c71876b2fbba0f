-- Shops on real platforms: what an authorised shop keeps, and the OAuth `state` of an authorisation in
-- progress. Tokens are stored sealed (src/security/secret-box.ts, AES-256-GCM under
-- DATA_ENCRYPTION_KEY, context `shop:<id>:access_token` / `shop:<id>:refresh_token`), never in clear.
ALTER TABLE shops ADD COLUMN platform_shop_id text;
ALTER TABLE shops ADD COLUMN access_token_sealed text;
ALTER TABLE shops ADD COLUMN refresh_token_sealed text;
-- `auth_expires_at` (0001) stays the access token's expiry; this is the refresh token's (null: unknown).
ALTER TABLE shops ADD COLUMN refresh_expires_at bigint;

-- One platform shop belongs to one seller account: re-authorising it finds this row (and updates it),
-- another account's attempt is refused. Shops typed in by hand have no platform shop id.
CREATE UNIQUE INDEX shops_platform_shop_idx ON shops (platform, platform_shop_id)
  WHERE platform_shop_id IS NOT NULL;

-- The `state` of an authorisation: 256 random bits given to the browser, stored only as its SHA-256,
-- bound to the user, their account and the platform (and the shop for 重新授权), valid 10 minutes,
-- deleted by its one use. A wrong, reused, expired or another user's state finds no row.
CREATE TABLE oauth_states (
  state_hash text PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  account_id integer NOT NULL REFERENCES seller_accounts (id) ON DELETE CASCADE,
  platform text NOT NULL,
  shop_id integer REFERENCES shops (id) ON DELETE CASCADE,
  created_at bigint NOT NULL,
  expires_at bigint NOT NULL
);
CREATE INDEX oauth_states_expires_idx ON oauth_states (expires_at);
