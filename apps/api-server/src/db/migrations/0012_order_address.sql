-- 地址管理: correcting an order's receiver address before it ships is an entry of the
-- order's timeline, like a step. (The constraint's name is Postgres's default for the column check.)
ALTER TABLE order_events DROP CONSTRAINT order_events_action_check;
ALTER TABLE order_events ADD CONSTRAINT order_events_action_check
  CHECK (action IN ('purchase', 'ship', 'complete', 'cancel', 'address'));
