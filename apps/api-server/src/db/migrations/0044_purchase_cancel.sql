-- After-sales and cancellations of 1688 purchase orders (docs/design.md#1688-order-cancel).
-- `cancel_sent_at`: an after-sale opened on an order whose 1688 order was unpaid, and Consign asked 1688
-- to cancel it (`alibaba.trade.cancel`, unix s), recorded before the call: a `cancel` seen on 1688
-- afterwards is ours, not the supplier's. `supplier_cancels`: how often the supplier cancelled the
-- order's 1688 orders; 自动采购 buys it again at most a bounded number of times.
ALTER TABLE order_purchases
  ADD COLUMN cancel_sent_at bigint,
  ADD COLUMN supplier_cancels integer NOT NULL DEFAULT 0;
