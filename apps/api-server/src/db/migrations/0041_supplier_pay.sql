-- Paying the supplier (docs/design.md#1688-supplier-payment): the 代发服务费 held before 1688 is
-- called, one purchase attempt per `outOrderId`, and the 1688 order's payment.

-- A charge or refund of an order's 代发服务费 names the purchase attempt it belongs to (its
-- `outOrderId`; NULL: 采购 by hand). An order bought again after its supplier cancelled is charged
-- again, under its new attempt: one charge and one refund per order and attempt.
ALTER TABLE balance_entries ADD COLUMN purchase_ref text;
DROP INDEX balance_entries_order_idx;
CREATE UNIQUE INDEX balance_entries_order_idx ON balance_entries (account_id, order_id, kind, COALESCE(purchase_ref, ''))
  WHERE kind IN ('charge', 'refund');

-- order_purchases: `round` counts the attempts of the order (a new one after a failure or the
-- supplier's cancellation); `out_order_id` is the attempt's `outOrderId`, recorded (with the fee
-- held) before 1688 is called. `pay_status` of the 1688 order once placed: `unpaid` (待付款,
-- `pay_message` says why) or `paid`; `unpaid_notified_at` when 待付款 too long was told.
ALTER TABLE order_purchases
  ADD COLUMN round integer NOT NULL DEFAULT 1,
  ADD COLUMN out_order_id text,
  ADD COLUMN pay_status text CHECK (pay_status IN ('unpaid', 'paid')),
  ADD COLUMN pay_message text,
  ADD COLUMN placed_at bigint,
  ADD COLUMN unpaid_notified_at bigint;
CREATE INDEX order_purchases_unpaid_idx ON order_purchases (account_id, placed_at)
  WHERE status = 'placed' AND pay_status = 'unpaid';

-- 代发设置: 自动付款 (pay each 1688 order with the buyer's 免密支付 right after it is placed) and after
-- how many hours an order still 待付款 is notified.
ALTER TABLE settings
  ADD COLUMN auto_pay boolean NOT NULL DEFAULT false,
  ADD COLUMN unpaid_alert_hours integer NOT NULL DEFAULT 2 CHECK (unpaid_alert_hours BETWEEN 1 AND 72);
