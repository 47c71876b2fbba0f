-- Fair turns between seller accounts in background work (src/db/job-queue.ts). A worker claims the
-- next queued job of the account with the fewest running jobs of that kind and, among those, the one
-- whose last turn is the oldest (never served first): one account's backlog no longer keeps the
-- others waiting. `last_turn` is a value of `job_turn_seq` taken at each claim, so turns are ordered
-- exactly, whatever the instances' clocks say. `kind` names the queue (`export`, `copy`, ...).
CREATE SEQUENCE job_turn_seq;
CREATE TABLE job_turns (
  kind text NOT NULL,
  account_id integer NOT NULL REFERENCES seller_accounts (id) ON DELETE CASCADE,
  last_turn bigint NOT NULL,
  PRIMARY KEY (kind, account_id)
);
-- The claim counts each candidate account's running jobs, and the per-account limits count its
-- unfinished ones (copy_records has (account_id, status, ...) since 0003).
CREATE INDEX export_jobs_account_active_idx ON export_jobs (account_id, status)
  WHERE status IN ('queued', 'running');
