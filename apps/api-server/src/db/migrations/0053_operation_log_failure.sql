-- A failed outcome in the operation log: why the operation did not succeed (e.g. a 一键采购 that 1688 or
-- the checks refused, written by the purchase job when the attempt ends failed). NULL: it succeeded, as
-- every entry written before this column did.
ALTER TABLE operation_log ADD COLUMN failure text;
