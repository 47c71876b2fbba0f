-- 修改收货地址 carries a version like every editable record: two corrections of one order at once
-- both answered 200 and the last silently won. The receiver is the order's one editable part (the
-- steps are guarded by the order's state), so the version counts its corrections. A constant default
-- adds the column without rewriting the table.
ALTER TABLE orders ADD COLUMN version integer NOT NULL DEFAULT 1;
