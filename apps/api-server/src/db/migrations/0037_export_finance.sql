-- Money is a permission (docs/design.md#money-is-a-permission): an export job says whether its file
-- holds money (an order export made by a member holding finance:view has 成本 and 利润 columns; a
-- ledger export is all money). Downloading such a file needs finance:view too. Jobs from before were
-- written with the money columns: true.
ALTER TABLE export_jobs ADD COLUMN finance boolean NOT NULL DEFAULT true;
