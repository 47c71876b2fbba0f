-- Versions on the team's records (no silent overwrite, docs/design.md#seller-accounts-permissions-and-the-operation-log), as 0005 gave every other
-- editable record: a role (权限管理) and a user (子账号: name, role, status) start at 1 and count one
-- more on every save; a save names the version it read, and a stale one changes nothing (409).
ALTER TABLE roles ADD COLUMN version integer NOT NULL DEFAULT 1;
ALTER TABLE users ADD COLUMN version integer NOT NULL DEFAULT 1;
