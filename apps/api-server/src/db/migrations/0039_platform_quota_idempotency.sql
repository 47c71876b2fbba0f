-- 1688 offers as last read, shared by every account and instance (db/offer-cache.ts): a read younger
-- than the cache's time to live is answered from here instead of calling 1688 again. Keyed by the
-- normalised offer id (no leading zeros, contract/offers.ts `normaliseOfferId`). UNLOGGED: a cache;
-- after a Postgres crash it starts empty and the next reads refill it.
CREATE UNLOGGED TABLE offer_reads (
  offer_id text PRIMARY KEY,
  offer jsonb NOT NULL,
  fetched_at bigint NOT NULL
);
CREATE INDEX offer_reads_fetched_idx ON offer_reads (fetched_at);

-- Offer ids stored before ids were normalised: `0610000000001` is `610000000001`.
DELETE FROM featured_offers f WHERE f.offer_id ~ '^0+[1-9]' AND EXISTS (
  SELECT 1 FROM featured_offers g
  WHERE ltrim(g.offer_id, '0') = ltrim(f.offer_id, '0') AND (g.offer_id !~ '^0' OR g.offer_id < f.offer_id)
);
UPDATE featured_offers SET offer_id = ltrim(offer_id, '0') WHERE offer_id ~ '^0+[1-9]';

-- Refused Alipay notifications (payment_notices): one naming a top-up we hold is kept row by row
-- (the latest few per top-up); the others are counted per source (client IP) and hour in one row:
-- `hits` of them between `created_at` (first) and `last_seen_at`, the latest's fields shown.
ALTER TABLE payment_notices
  ADD COLUMN source text,
  ADD COLUMN hour bigint,
  ADD COLUMN hits integer NOT NULL DEFAULT 1,
  ADD COLUMN last_seen_at bigint;
UPDATE payment_notices SET last_seen_at = created_at;
ALTER TABLE payment_notices ALTER COLUMN last_seen_at SET NOT NULL;
CREATE UNIQUE INDEX payment_notices_source_hour_idx ON payment_notices (hour, source) WHERE source IS NOT NULL;
CREATE INDEX payment_notices_seen_idx ON payment_notices (last_seen_at DESC, id DESC);
CREATE INDEX payment_notices_trade_idx ON payment_notices (out_trade_no, id) WHERE source IS NULL;

-- Creates sent with an idempotency key (middleware/idempotency.ts): the first answer per user and
-- key, replayed to a repeat for 24 hours. `answer` is null while the first is still being answered.
CREATE TABLE idempotent_requests (
  user_id integer NOT NULL,
  key text NOT NULL,
  path text NOT NULL,
  body_hash text NOT NULL,
  status integer,
  answer text,
  created_at bigint NOT NULL,
  PRIMARY KEY (user_id, key)
);
CREATE INDEX idempotent_requests_created_idx ON idempotent_requests (created_at);
