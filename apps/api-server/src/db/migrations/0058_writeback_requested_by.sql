-- Who asked for a writeback by 重新回传 (NULL: queued by the 发货 step itself, background work). A retry
-- that ends 回传失败 again is logged in 操作日志 under this person; one from the 发货 step under 系统.
ALTER TABLE order_writebacks ADD COLUMN requested_by integer REFERENCES users (id) ON DELETE SET NULL;
