-- 售后处理记录: the timeline of an after-sale request, like the order's (order_events): one row per
-- answer (同意退款, 拒绝 with its reason, 确认收到退货 with the return tracking number), who and when.
-- Each row is inserted by the same statement as the guarded UPDATE of its answer (db/fulfilment.ts).
CREATE TABLE after_sale_events (
  id serial PRIMARY KEY,
  account_id integer NOT NULL REFERENCES seller_accounts (id) ON DELETE CASCADE,
  after_sale_id integer NOT NULL REFERENCES after_sales (id) ON DELETE CASCADE,
  user_id integer REFERENCES users (id) ON DELETE SET NULL,
  actor text NOT NULL,
  action text NOT NULL CHECK (action IN ('refund', 'reject', 'receive')),
  details jsonb NOT NULL DEFAULT '{}',
  created_at bigint NOT NULL
);
CREATE INDEX after_sale_events_after_sale_idx ON after_sale_events (after_sale_id, id);

-- Requests answered before this table existed keep what the row holds: the return tracking number,
-- the reject reason and the final answer, at `handled_at` (the time of the last answer), by 系统.
INSERT INTO after_sale_events (account_id, after_sale_id, actor, action, details, created_at)
SELECT account_id, id, '系统', 'receive', jsonb_build_object('return_tracking_no', return_tracking_no),
  COALESCE(handled_at, created_at)
FROM after_sales WHERE return_tracking_no IS NOT NULL;
INSERT INTO after_sale_events (account_id, after_sale_id, actor, action, details, created_at)
SELECT account_id, id, '系统', CASE status WHEN 'rejected' THEN 'reject' ELSE 'refund' END,
  CASE status WHEN 'rejected' THEN jsonb_build_object('reason', reject_reason) ELSE '{}'::jsonb END,
  COALESCE(handled_at, created_at)
FROM after_sales WHERE status IN ('rejected', 'finished');

-- 用户中心: the owner renames the account (卖家管理 shows the name); like every editable record it
-- carries a version, so two renames at once do not silently overwrite each other. A constant default
-- adds the column without rewriting the table.
ALTER TABLE seller_accounts ADD COLUMN version integer NOT NULL DEFAULT 1;
