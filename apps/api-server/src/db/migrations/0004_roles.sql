-- Roles (权限管理, docs/design.md#seller-accounts-permissions-and-the-operation-log): a role is a named set of permissions of the contract's catalogue
-- (packages/api-client/src/contract/permissions.ts) in one seller account. A member holds one role;
-- the owner holds every permission and no role.

CREATE TABLE roles (
  id serial PRIMARY KEY,
  account_id integer NOT NULL REFERENCES seller_accounts (id) ON DELETE CASCADE,
  name text NOT NULL,
  permissions text[] NOT NULL DEFAULT '{}',
  created_at bigint NOT NULL
);
CREATE UNIQUE INDEX roles_account_name_idx ON roles (account_id, name);
CREATE INDEX roles_account_id_idx ON roles (account_id, id);

-- A role in use cannot be deleted (the API says so first; the key is the backstop).
ALTER TABLE users ADD COLUMN role_id integer REFERENCES roles (id) ON DELETE RESTRICT;
CREATE INDEX users_role_idx ON users (role_id);

-- Members of a database from before roles could do everything but manage the team (which did not
-- exist): they get a role 运营 with exactly that, so nobody loses what they could do.
INSERT INTO roles (account_id, name, permissions, created_at)
SELECT DISTINCT account_id, '运营',
  ARRAY['order:view', 'order:process', 'aftersale:process', 'shop:manage', 'goods:manage', 'copy:run',
        'setting:manage', 'log:view'],
  floor(extract(epoch FROM now()))::bigint
FROM users WHERE account_role = 'member';
UPDATE users u SET role_id = r.id
FROM roles r WHERE r.account_id = u.account_id AND r.name = '运营' AND u.account_role = 'member';
