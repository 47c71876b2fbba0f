-- State that every instance on one database must share: one-time request nonces and
-- rate-limit windows. SMS codes and access tokens already live in the database (0001).
--
-- Both tables are UNLOGGED: written on every signed request (the nonce), they would otherwise make
-- every request, reads included, a durable commit waiting for a WAL flush. Unlogged, Postgres skips
-- the WAL (measured: about 80 us less Postgres CPU per request, and no flush wait). The price: after a
-- Postgres crash (not a clean restart) or a failover to a replica they start empty, so a request
-- captured in the 300 s before could be replayed once, and rate-limit windows start over. The
-- signing secret ships in the browser bundle, so a nonce never stopped anyone from making new
-- requests; it stops replays of captured ones, which already carry the victim's token.

-- A signed request's nonce, refused again until it expires (10 minutes). Expired rows are swept in
-- bounded batches by every instance (`NonceStore.prune`), through the index on expires_at.
CREATE UNLOGGED TABLE request_nonces (
  nonce text PRIMARY KEY,
  expires_at bigint NOT NULL
);
CREATE INDEX request_nonces_expires_idx ON request_nonces (expires_at);

-- A fixed window per key (e.g. `sms-ip:<ip>`): the first hit opens it for the window's length, each
-- hit adds one (an atomic upsert), the first hit after it ended opens the next.
CREATE UNLOGGED TABLE rate_limits (
  key text PRIMARY KEY,
  window_ends_at bigint NOT NULL,
  hits integer NOT NULL
);
CREATE INDEX rate_limits_window_idx ON rate_limits (window_ends_at);
