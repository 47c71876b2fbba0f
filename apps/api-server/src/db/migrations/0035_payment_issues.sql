-- 充值异常: an operator marks a flagged top-up or a refused Alipay notification handled (标记已处理):
-- when and by whom. Nothing else changes (no balance moves with it).
ALTER TABLE topups ADD COLUMN resolved_at bigint, ADD COLUMN resolved_by integer;
ALTER TABLE payment_notices ADD COLUMN resolved_at bigint, ADD COLUMN resolved_by integer;
-- The operators' list: flagged top-ups, newest first.
CREATE INDEX topups_flagged_idx ON topups (created_at DESC, id DESC) WHERE status = 'flagged';
-- A notice's account is its top-up's (looked up by out_trade_no, unique on topups).
