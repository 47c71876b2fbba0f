import { type ApiPath, apiRoutes, PERMISSIONS } from '@consign/api-client/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEAM_MESSAGES } from '../src/db/team';
import { TEAM_RULE_MESSAGES } from '../src/team-rules';
import { ADMIN, envelope, startTestServer, type TestServer } from './helpers';

/**
 * `team:manage` is not the owner's power (team-rules.ts), walked for every team route of the contract:
 * a member whose role holds only `team:manage` tries each escalation (a role with every permission,
 * their own role or record, a role or member above them, the owner) and is refused with nothing of
 * the account changed; what lies within their permissions is served. Then the owner does every one of
 * those escalations and is served (the owner's own record stays fixed for everyone). A team route
 * added to the contract without a case here fails the test.
 */

const DEMO_ACCOUNT = 1;
const page = { pageIndex: 1, pageSize: 100 };

let t: TestServer;
let ownerToken: string;
let managerToken: string;
/** The ids the cases use, made in beforeAll. */
const ids = {
  owner: 0,
  manager: 0,
  /** A member on an empty role (within the manager's), and one for the allowed delete. */
  low: 0,
  lowSpare: 0,
  /** A member on a role holding order:view (beyond the manager's). */
  high: 0,
  roles: { manage: 0, empty: 0, high: 0, all: 0, highSpare: 0, emptySpare: 0 },
};

async function version(table: 'roles' | 'users', id: number): Promise<number> {
  const [row] = await t.server.db.query<{ version: number }>(`SELECT version FROM ${table} WHERE id = $1`, [
    id,
  ]);
  if (!row) throw new Error(`${table} ${id} is gone`);
  return row.version;
}

async function roleBody(id: number, change: { name?: string; permissions?: readonly string[] }) {
  const [role] = await t.server.db.query<{ name: string; permissions: string[] }>(
    'SELECT name, permissions FROM roles WHERE id = $1',
    [id],
  );
  if (!role) throw new Error(`role ${id} is gone`);
  return {
    id,
    name: role.name,
    permissions: role.permissions,
    version: await version('roles', id),
    ...change,
  };
}

async function memberBody(id: number, change: { nickname?: string; role_id?: number }) {
  const [user] = await t.server.db.query<{ nickname: string; role_id: number | null }>(
    'SELECT nickname, role_id FROM users WHERE id = $1',
    [id],
  );
  if (!user) throw new Error(`user ${id} is gone`);
  return {
    id,
    nickname: user.nickname,
    role_id: user.role_id ?? ids.roles.empty,
    version: await version('users', id),
    ...change,
  };
}

type Body = Record<string, unknown>;

interface Escalation {
  name: string;
  body: () => Promise<Body> | Body;
  /** The manager's refusal: 403 with the rule's message, or a refusal of the data layer (HTTP 200). */
  refused: { status: 403 | 200; msg: string };
  /** The owner doing the same: served, or refused the same way (the owner's own record). */
  owner: 'served' | 'refused';
}

interface Allowed {
  name: string;
  body: () => Promise<Body> | Body;
}

const forbidden = (msg: string) => ({ status: 403 as const, msg });
const refusal = (msg: string) => ({ status: 200 as const, msg });

/** Every team route: the escalations a `team:manage` member tries, and what they may do. */
const CASES: Record<string, { escalations: Escalation[]; allowed: Allowed[] }> = {
  '/api/team/role-index': { escalations: [], allowed: [{ name: 'lists the roles', body: () => page }] },
  '/api/team/role-save': {
    escalations: [
      {
        name: 'creates a role with every permission of the catalogue',
        body: () => ({ name: '全部权限', permissions: [...PERMISSIONS] }),
        refused: forbidden(TEAM_RULE_MESSAGES.grantBeyondOwn),
        owner: 'served',
      },
      {
        name: 'gives their own role every permission',
        body: () => roleBody(ids.roles.manage, { permissions: [...PERMISSIONS] }),
        refused: forbidden(TEAM_RULE_MESSAGES.grantBeyondOwn),
        owner: 'served',
      },
      {
        name: 'adds a permission they lack to a role within theirs',
        body: () => roleBody(ids.roles.empty, { permissions: ['order:view'] }),
        refused: forbidden(TEAM_RULE_MESSAGES.grantBeyondOwn),
        owner: 'served',
      },
      {
        name: 'renames a role that holds a permission they lack',
        body: () => roleBody(ids.roles.high, { name: '改名的高角色' }),
        refused: forbidden(TEAM_RULE_MESSAGES.roleBeyondOwn),
        owner: 'served',
      },
      {
        name: 'strips a role of the permissions they lack',
        body: () => roleBody(ids.roles.high, { permissions: [] }),
        refused: forbidden(TEAM_RULE_MESSAGES.roleBeyondOwn),
        owner: 'served',
      },
    ],
    allowed: [
      {
        name: 'creates a role within theirs',
        body: () => ({ name: '子管理', permissions: ['team:manage'] }),
      },
      { name: 'renames a role within theirs', body: () => roleBody(ids.roles.empty, { name: '空角色改名' }) },
    ],
  },
  '/api/team/role-del': {
    escalations: [
      {
        name: 'deletes a role that holds a permission they lack',
        body: () => ({ id: ids.roles.highSpare }),
        refused: forbidden(TEAM_RULE_MESSAGES.roleBeyondOwn),
        owner: 'served',
      },
    ],
    allowed: [{ name: 'deletes a role within theirs', body: () => ({ id: ids.roles.emptySpare }) }],
  },
  '/api/team/member-index': { escalations: [], allowed: [{ name: 'lists the members', body: () => page }] },
  '/api/team/member-save': {
    escalations: [
      {
        name: 'moves themselves onto a role with every permission',
        body: () => memberBody(ids.manager, { role_id: ids.roles.all }),
        refused: forbidden(TEAM_RULE_MESSAGES.ownRecord),
        owner: 'served',
      },
      {
        name: 'renames themselves',
        body: () => memberBody(ids.manager, { nickname: '自己改名' }),
        refused: forbidden(TEAM_RULE_MESSAGES.ownRecord),
        owner: 'served',
      },
      {
        name: 'adds a member on a role that holds a permission they lack',
        body: () => ({ mobile: '13712349001', nickname: '新人', role_id: ids.roles.high }),
        refused: forbidden(TEAM_RULE_MESSAGES.grantBeyondOwn),
        owner: 'served',
      },
      {
        name: 'moves a member onto a role that holds a permission they lack',
        body: () => memberBody(ids.low, { role_id: ids.roles.all }),
        refused: forbidden(TEAM_RULE_MESSAGES.grantBeyondOwn),
        owner: 'served',
      },
      {
        name: 'moves a member off a role that holds a permission they lack',
        body: () => memberBody(ids.high, { role_id: ids.roles.empty }),
        refused: forbidden(TEAM_RULE_MESSAGES.memberBeyondOwn),
        owner: 'served',
      },
      {
        name: 'renames a member on a role that holds a permission they lack',
        body: () => memberBody(ids.high, { nickname: '高角色改名' }),
        refused: forbidden(TEAM_RULE_MESSAGES.memberBeyondOwn),
        owner: 'served',
      },
      {
        name: "changes the owner's record",
        body: () => memberBody(ids.owner, { nickname: '主账号改名' }),
        refused: refusal(TEAM_MESSAGES.ownerFixed),
        owner: 'refused',
      },
    ],
    allowed: [
      {
        name: 'adds a member on a role within theirs',
        body: () => ({ mobile: '13712349002', nickname: '新人', role_id: ids.roles.empty }),
      },
      {
        name: 'moves a member onto a role within theirs',
        body: () => memberBody(ids.low, { role_id: ids.roles.manage, nickname: '升为管理' }),
      },
    ],
  },
  '/api/team/member-status': {
    escalations: [
      {
        name: 'disables themselves',
        body: async () => ({
          id: ids.manager,
          status: 'disabled',
          version: await version('users', ids.manager),
        }),
        refused: refusal(TEAM_MESSAGES.notYourself),
        owner: 'served',
      },
      {
        name: 'disables a member on a role that holds a permission they lack',
        body: async () => ({ id: ids.high, status: 'disabled', version: await version('users', ids.high) }),
        refused: forbidden(TEAM_RULE_MESSAGES.memberBeyondOwn),
        owner: 'served',
      },
      {
        name: 'disables the owner',
        body: async () => ({ id: ids.owner, status: 'disabled', version: await version('users', ids.owner) }),
        refused: refusal(TEAM_MESSAGES.ownerFixed),
        owner: 'refused',
      },
    ],
    allowed: [
      {
        name: 'disables a member within theirs',
        body: async () => ({ id: ids.low, status: 'disabled', version: await version('users', ids.low) }),
      },
    ],
  },
  '/api/team/member-del': {
    escalations: [
      {
        name: 'removes a member on a role that holds a permission they lack',
        body: () => ({ id: ids.high }),
        refused: forbidden(TEAM_RULE_MESSAGES.memberBeyondOwn),
        owner: 'served',
      },
      {
        name: 'removes the owner',
        body: () => ({ id: ids.owner }),
        refused: refusal(TEAM_MESSAGES.ownerFixed),
        owner: 'refused',
      },
      // Last: the owner removing the manager ends the manager's part.
      {
        name: 'removes themselves',
        body: () => ({ id: ids.manager }),
        refused: refusal(TEAM_MESSAGES.notYourself),
        owner: 'served',
      },
    ],
    allowed: [{ name: 'removes a member within theirs', body: () => ({ id: ids.lowSpare }) }],
  },
};

const teamPaths = (Object.keys(apiRoutes) as ApiPath[]).filter((path) => path.startsWith('/api/team/'));

/** Everything of the demo account a team call could change. */
async function snapshot(): Promise<string> {
  const queries = [
    `SELECT * FROM roles WHERE account_id = ${DEMO_ACCOUNT} ORDER BY id`,
    `SELECT * FROM users WHERE account_id = ${DEMO_ACCOUNT} ORDER BY id`,
    `SELECT t.token_hash, t.revoked_at FROM access_tokens t JOIN users u ON u.id = t.user_id
     WHERE u.account_id = ${DEMO_ACCOUNT} ORDER BY t.token_hash`,
    `SELECT count(*)::int AS n FROM operation_log WHERE account_id = ${DEMO_ACCOUNT}`,
  ];
  return JSON.stringify(await Promise.all(queries.map((sql) => t.server.db.query(sql))));
}

beforeAll(async () => {
  t = await startTestServer({ copyWorker: false });
  ownerToken = await t.login(ADMIN);
  const owner = t.client(() => ownerToken);
  const role = async (name: string, permissions: (typeof PERMISSIONS)[number][]) =>
    (await owner.call('/api/team/role-save', { name, permissions })).id;
  ids.roles = {
    manage: await role('团队管理', ['team:manage']),
    empty: await role('空角色', []),
    high: await role('看订单', ['order:view']),
    all: await role('全能', [...PERMISSIONS]),
    highSpare: await role('看日志', ['log:view']),
    emptySpare: await role('空角色二', []),
  };
  const member = async (mobile: string, role_id: number) =>
    (await owner.call('/api/team/member-save', { mobile, nickname: mobile.slice(-4), role_id })).id;
  ids.manager = await member('13712349010', ids.roles.manage);
  ids.low = await member('13712349011', ids.roles.empty);
  ids.lowSpare = await member('13712349012', ids.roles.empty);
  ids.high = await member('13712349013', ids.roles.high);
  const [first] = (await owner.call('/api/team/member-index', page)).list;
  ids.owner = first?.id ?? 0;
  managerToken = await t.login('13712349010');
  expect(await t.client(() => managerToken).call('/api/user/info')).toMatchObject({
    permissions: ['team:manage'],
  });
}, 120_000);

afterAll(async () => {
  await t?.stop();
});

describe('the team routes', () => {
  it('every team route of the contract has its cases here', () => {
    expect(teamPaths.length).toBeGreaterThan(0);
    expect(teamPaths.filter((path) => !CASES[path])).toEqual([]);
  });
});

describe('a member holding only team:manage', () => {
  it.each(teamPaths)(
    '%s: every escalation is refused and changes nothing; the rest is served',
    async (path) => {
      const cases = CASES[path];
      if (!cases) throw new Error(`no cases for ${path}: add them to CASES`);
      for (const escalation of cases.escalations) {
        const before = await snapshot();
        const res = await t.post(path, await escalation.body(), { token: managerToken });
        expect({ status: res.status, body: await envelope(res) }, escalation.name).toEqual({
          status: escalation.refused.status,
          body: { errorCode: 1, msg: escalation.refused.msg },
        });
        expect(await snapshot(), `${escalation.name} changed the account`).toBe(before);
      }
      for (const allowed of cases.allowed) {
        const res = await t.post(path, await allowed.body(), { token: managerToken });
        expect({ status: res.status, errorCode: (await envelope(res)).errorCode }, allowed.name).toEqual({
          status: 200,
          errorCode: 0,
        });
      }
    },
  );
});

describe('the owner', () => {
  it.each(teamPaths)('%s: does every one of those escalations', async (path) => {
    const cases = CASES[path];
    if (!cases) throw new Error(`no cases for ${path}: add them to CASES`);
    for (const escalation of cases.escalations) {
      const before = await snapshot();
      const res = await t.post(path, await escalation.body(), { token: ownerToken });
      const answer = { status: res.status, body: await envelope(res) };
      if (escalation.owner === 'served') {
        expect(answer, escalation.name).toMatchObject({ status: 200, body: { errorCode: 0 } });
        expect(await snapshot(), escalation.name).not.toBe(before);
      } else {
        expect(answer, escalation.name).toEqual({
          status: escalation.refused.status,
          body: { errorCode: 1, msg: escalation.refused.msg },
        });
        expect(await snapshot(), escalation.name).toBe(before);
      }
    }
  });
});
