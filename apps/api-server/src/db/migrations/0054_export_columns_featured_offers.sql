-- The columns a seller chose for an order export (keys of the contract's ORDER_EXPORT_COLUMNS, in the
-- file's order); NULL: every column.
ALTER TABLE export_jobs ADD COLUMN columns text[];
