-- Consign reference backend: the initial schema.
-- Times are unix seconds (bigint), money is integer fen (bigint), ids are serial integers.

CREATE TABLE users (
  id serial PRIMARY KEY,
  mobile text NOT NULL UNIQUE,
  nickname text NOT NULL DEFAULT '',
  avatar_image text NOT NULL DEFAULT '',
  is_manage boolean NOT NULL DEFAULT false,
  created_at bigint NOT NULL
);

-- Access tokens are stored as the sha256 of the token, never the token itself.
CREATE TABLE access_tokens (
  token_hash text PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at bigint NOT NULL,
  expires_at bigint NOT NULL,
  revoked_at bigint
);
CREATE INDEX access_tokens_user_idx ON access_tokens (user_id);
CREATE INDEX access_tokens_expires_idx ON access_tokens (expires_at);

-- SMS codes are stored as an HMAC of (mobile, code), never in clear.
CREATE TABLE sms_codes (
  id serial PRIMARY KEY,
  mobile text NOT NULL,
  code_hash text NOT NULL,
  ip text NOT NULL,
  created_at bigint NOT NULL,
  expires_at bigint NOT NULL,
  attempts integer NOT NULL DEFAULT 0,
  spent boolean NOT NULL DEFAULT false
);
CREATE INDEX sms_codes_mobile_idx ON sms_codes (mobile, created_at DESC);

CREATE TABLE company (
  id integer PRIMARY KEY CHECK (id = 1),
  name text NOT NULL,
  short_name text NOT NULL,
  en_name text NOT NULL DEFAULT '',
  logo_url text NOT NULL DEFAULT '',
  foot_copyright text NOT NULL DEFAULT '',
  foot_info text NOT NULL DEFAULT ''
);

CREATE TABLE banners (
  id serial PRIMARY KEY,
  name text NOT NULL,
  ad_url text NOT NULL DEFAULT '',
  ad_login_image_url text NOT NULL,
  begin_time bigint,
  end_time bigint,
  created_at bigint NOT NULL
);

CREATE TABLE platforms (
  id serial PRIMARY KEY,
  name text NOT NULL,
  code text NOT NULL UNIQUE,
  enabled boolean NOT NULL DEFAULT true
);

CREATE TABLE platform_auths (
  id serial PRIMARY KEY,
  platform_id integer NOT NULL REFERENCES platforms (id) ON DELETE CASCADE,
  shop_name text NOT NULL,
  app_key text NOT NULL,
  app_secret text NOT NULL DEFAULT '',
  expires_at bigint,
  status text NOT NULL DEFAULT 'active'
);
CREATE INDEX platform_auths_platform_idx ON platform_auths (platform_id);

CREATE TABLE settings (
  id integer PRIMARY KEY CHECK (id = 1),
  auto_purchase boolean NOT NULL,
  default_markup_percent integer NOT NULL,
  purchase_account text NOT NULL,
  notify_mobile text NOT NULL,
  sync_interval_minutes integer NOT NULL,
  auto_sync_logistics boolean NOT NULL
);

CREATE TABLE shop_groups (
  id serial PRIMARY KEY,
  name text NOT NULL UNIQUE,
  created_at bigint NOT NULL
);

CREATE TABLE shops (
  id serial PRIMARY KEY,
  name text NOT NULL,
  platform text NOT NULL,
  group_id integer REFERENCES shop_groups (id) ON DELETE SET NULL,
  auth_status text NOT NULL,
  auth_expires_at bigint,
  created_at bigint NOT NULL
);
CREATE INDEX shops_group_idx ON shops (group_id);

CREATE TABLE goods (
  id serial PRIMARY KEY,
  shop_id integer NOT NULL REFERENCES shops (id) ON DELETE CASCADE,
  title text NOT NULL,
  price bigint NOT NULL,
  stock integer NOT NULL,
  status text NOT NULL,
  images jsonb NOT NULL,
  source_url text NOT NULL DEFAULT '',
  updated_at bigint NOT NULL
);
CREATE INDEX goods_updated_idx ON goods (updated_at DESC, id DESC);
CREATE INDEX goods_shop_idx ON goods (shop_id);

CREATE TABLE orders (
  id serial PRIMARY KEY,
  order_no text NOT NULL UNIQUE,
  shop_id integer NOT NULL REFERENCES shops (id) ON DELETE CASCADE,
  goods jsonb NOT NULL,
  goods_titles text NOT NULL,
  amount bigint NOT NULL,
  status text NOT NULL,
  buyer_name text NOT NULL,
  receiver_name text NOT NULL,
  receiver_mobile text NOT NULL,
  receiver_address text NOT NULL,
  created_at bigint NOT NULL
);
CREATE INDEX orders_created_idx ON orders (created_at DESC, id DESC);
CREATE INDEX orders_shop_idx ON orders (shop_id);

CREATE TABLE after_sales (
  id serial PRIMARY KEY,
  order_id integer NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
  refund_amount bigint NOT NULL,
  type text NOT NULL,
  status text NOT NULL,
  reason text NOT NULL,
  created_at bigint NOT NULL
);
CREATE INDEX after_sales_created_idx ON after_sales (created_at DESC, id DESC);

CREATE TABLE copy_records (
  id serial PRIMARY KEY,
  source_url text NOT NULL,
  shop_id integer NOT NULL REFERENCES shops (id) ON DELETE CASCADE,
  status text NOT NULL,
  progress integer NOT NULL DEFAULT 0,
  goods_id integer REFERENCES goods (id) ON DELETE SET NULL,
  error text,
  created_at bigint NOT NULL,
  updated_at bigint NOT NULL
);
CREATE INDEX copy_records_created_idx ON copy_records (created_at DESC, id DESC);
CREATE INDEX copy_records_active_idx ON copy_records (status) WHERE status IN ('queued', 'running');
