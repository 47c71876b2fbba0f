-- 消息通知: what a seller account is told in the header's bell (a shop's authorisation about to expire
-- or expired, an order sync failing, a writeback failing). A notification belongs to the account
-- (every member sees it); read or not is each user's own (notification_reads).
CREATE TABLE notifications (
  id serial PRIMARY KEY,
  account_id integer NOT NULL REFERENCES seller_accounts (id) ON DELETE CASCADE,
  kind text NOT NULL,
  -- What the notification is about, e.g. `shop:3:auth-expiring:1764400000`: notify() with a key that
  -- has an open notification refreshes it instead of adding another.
  key text NOT NULL,
  title text NOT NULL,
  body text NOT NULL,
  -- An internal path of the app (`/shop/setting?shop_id=3`), or '' for none.
  link text NOT NULL DEFAULT '',
  -- Open until the first member reads it.
  open boolean NOT NULL DEFAULT true,
  created_at bigint NOT NULL
);
CREATE UNIQUE INDEX notifications_open_key_idx ON notifications (account_id, key) WHERE open;
CREATE INDEX notifications_account_created_idx ON notifications (account_id, created_at DESC, id DESC);
-- The sweep finds whether a key was ever notified (read or not).
CREATE INDEX notifications_account_key_idx ON notifications (account_id, key);

-- Who has read what: one row per notification and user.
CREATE TABLE notification_reads (
  notification_id integer NOT NULL REFERENCES notifications (id) ON DELETE CASCADE,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  read_at bigint NOT NULL,
  PRIMARY KEY (notification_id, user_id)
);
CREATE INDEX notification_reads_user_idx ON notification_reads (user_id, notification_id);
