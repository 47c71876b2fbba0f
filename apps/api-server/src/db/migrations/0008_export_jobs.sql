-- Export jobs (下载中心): the filtered orders written to a file under EXPORT_DIR by the
-- export worker. `download_key` is a random key per job (never sent to a client) that signs its
-- 60-second download links. `heartbeat_at` moves with every batch: a running job whose heartbeat
-- stopped (the process died) is marked failed. Jobs and files are deleted at `expires_at`.
CREATE TABLE export_jobs (
  id serial PRIMARY KEY,
  account_id integer NOT NULL REFERENCES seller_accounts (id) ON DELETE CASCADE,
  user_id integer REFERENCES users (id) ON DELETE SET NULL,
  name text NOT NULL,
  format text NOT NULL,
  filters jsonb NOT NULL,
  status text NOT NULL,
  rows_done integer NOT NULL DEFAULT 0,
  rows_total integer NOT NULL DEFAULT 0,
  size bigint,
  file_name text,
  error text,
  download_key text NOT NULL,
  heartbeat_at bigint,
  created_at bigint NOT NULL,
  updated_at bigint NOT NULL,
  expires_at bigint NOT NULL
);
CREATE INDEX export_jobs_account_created_idx ON export_jobs (account_id, created_at DESC, id DESC);
CREATE INDEX export_jobs_active_idx ON export_jobs (id) WHERE status IN ('queued', 'running');
CREATE INDEX export_jobs_expires_idx ON export_jobs (expires_at);
