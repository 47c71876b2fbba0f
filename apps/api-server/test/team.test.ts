import { type ApiClient, ApiError, PERMISSIONS, STALE_RECORD_MESSAGE } from '@consign/api-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SELLER_MESSAGES } from '../src/db/seller';
import { TEAM_MESSAGES } from '../src/db/team';
import { SMS_MESSAGES } from '../src/security/sms-codes';
import { MEMBER_ADD_RULES, TEAM_RULE_MESSAGES } from '../src/team-rules';
import { ADMIN, envelope, startTestServer, type TestServer, USER } from './helpers';

/**
 * The team of a seller account (roles, members) and the operators' 卖家管理 (docs/design.md#seller-accounts-permissions-and-the-operation-log),
 * through the API as the seeded owner (also an operator) uses it. Per-route permissions are
 * permissions.test.ts; another account's ids are isolation.test.ts.
 */

let t: TestServer;
let ownerToken: string;
let owner: ApiClient;
const page = { pageIndex: 1, pageSize: 100 };

/** The refusal message of a call that answers `{ errorCode: 1, msg }`. */
async function refusal(call: Promise<unknown>): Promise<string> {
  const error = await call.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(error instanceof ApiError)) throw new Error(`expected a refusal, got ${String(error)}`);
  return error.message;
}

/** Logs in through the real flow; answers the envelope (a refused login is `errorCode: 1`). */
async function loginAnswer(mobile: string) {
  t.clock.advance(61_000);
  await t
    .client()
    .call('/api/default/send-code', { mobile, type: 1, sign_type: 1, ticket: 'dev-ticket', randstr: 'r' });
  const { code } = (await (await fetch(`${t.url}/__dev/sms?mobile=${mobile}`)).json()) as { code: string };
  return envelope(await t.post('/api/default/login', { mobile, code }));
}

const status = async (token: string, path = '/api/user/info', body: Record<string, unknown> = {}) =>
  (await t.post(path, body, { token })).status;

beforeAll(async () => {
  t = await startTestServer({ copyWorker: false });
  ownerToken = await t.login(ADMIN);
  owner = t.client(() => ownerToken);
}, 120_000);

afterAll(async () => {
  await t?.stop();
});

describe('roles (权限管理)', () => {
  it('lists the seeded role 运营 with its member and every permission but team:manage', async () => {
    const roles = await owner.call('/api/team/role-index', page);
    expect(roles.list).toEqual([expect.objectContaining({ name: '运营', member_count: 1 })]);
    expect(roles.list[0]?.permissions).not.toContain('team:manage');
    expect(roles.list[0]?.permissions).toHaveLength(PERMISSIONS.length - 1);
  });

  it('creates, renames and deletes a role; a taken name and a role in use are refused', async () => {
    const role = await owner.call('/api/team/role-save', {
      name: '客服',
      permissions: ['aftersale:process'],
    });
    expect(role).toMatchObject({ name: '客服', permissions: ['aftersale:process'], member_count: 0 });
    expect(await refusal(owner.call('/api/team/role-save', { name: '运营', permissions: [] }))).toBe(
      TEAM_MESSAGES.roleNameTaken,
    );
    const renamed = await owner.call('/api/team/role-save', {
      id: role.id,
      name: '售后客服',
      permissions: ['aftersale:process', 'order:view'],
      version: role.version,
    });
    expect(renamed).toMatchObject({ id: role.id, name: '售后客服', version: role.version + 1 });

    const member = await owner.call('/api/team/member-save', {
      mobile: '13712340051',
      nickname: '小李',
      role_id: role.id,
    });
    expect(await refusal(owner.call('/api/team/role-del', { id: role.id }))).toBe(TEAM_MESSAGES.roleInUse(1));
    expect((await owner.call('/api/team/role-index', { ...page, keyword: '售后' })).list).toEqual([
      expect.objectContaining({ id: role.id, member_count: 1 }),
    ]);

    const [seeded] = (await owner.call('/api/team/role-index', { ...page, keyword: '运营' })).list;
    await owner.call('/api/team/member-save', {
      id: member.id,
      nickname: '小李',
      role_id: seeded?.id ?? 0,
      version: member.version,
    });
    expect(await owner.call('/api/team/role-del', { id: role.id })).toEqual({ id: role.id });
    expect((await owner.call('/api/team/role-index', { ...page, keyword: '售后' })).total).toBe(0);
  });

  it('refuses a permission outside the catalogue', async () => {
    const res = await t.post(
      '/api/team/role-save',
      { name: '超级', permissions: ['order:view', 'root:all'] },
      { token: ownerToken },
    );
    expect(res.status).toBe(422);
  });
});

describe('members (子账号)', () => {
  it('the owner adds a member with a role, who signs in with exactly its permissions', async () => {
    const role = await owner.call('/api/team/role-save', {
      name: '只看售后',
      permissions: ['aftersale:process'],
    });
    const added = await owner.call('/api/team/member-save', {
      mobile: '137 1234 0052',
      nickname: '小王',
      role_id: role.id,
    });
    expect(added).toMatchObject({
      mobile: '13712340052',
      nickname: '小王',
      account_role: 'member',
      role_id: role.id,
      role_name: '只看售后',
      status: 'active',
    });
    const list = await owner.call('/api/team/member-index', page);
    expect(list.list[0]).toMatchObject({ mobile: ADMIN, account_role: 'owner', role_id: null });
    expect(list.list.map((m) => m.mobile)).toContain('13712340052');

    const login = await loginAnswer('13712340052');
    expect(login).toMatchObject({ errorCode: 0, data: { is_new_account: false } });
    const token = (login.data as { access_token: string }).access_token;
    expect(await t.client(() => token).call('/api/user/info')).toMatchObject({
      account_role: 'member',
      permissions: ['aftersale:process'],
    });
    expect(await status(token, '/api/order/after-sale', page)).toBe(200);
    expect(await status(token, '/api/order/index', page)).toBe(403);

    // A changed role applies to the very next request.
    await owner.call('/api/team/role-save', {
      id: role.id,
      name: '只看售后',
      permissions: ['order:view'],
      version: role.version,
    });
    expect(await status(token, '/api/order/index', page)).toBe(200);
    expect(await status(token, '/api/order/after-sale', page)).toBe(403);
  });

  it('refuses a mobile already in this or another account, saying no more than that', async () => {
    const [role] = (await owner.call('/api/team/role-index', page)).list;
    // 13712340053 signs up as the owner of an account of their own.
    expect(await loginAnswer('13712340053')).toMatchObject({ data: { is_new_account: true } });
    const elsewhere = await refusal(
      owner.call('/api/team/member-save', { mobile: '13712340053', nickname: 'x', role_id: role?.id ?? 0 }),
    );
    expect(elsewhere).toBe(TEAM_MESSAGES.mobileUnavailable);
    expect(elsewhere).not.toContain('13712340053');
    expect(elsewhere).not.toMatch(/其他|账号已|注册/);
    expect(
      await refusal(
        owner.call('/api/team/member-save', { mobile: USER, nickname: 'x', role_id: role?.id ?? 0 }),
      ),
    ).toBe(TEAM_MESSAGES.mobileInAccount);
    const res = await t.post(
      '/api/team/member-save',
      { nickname: 'x', role_id: role?.id },
      { token: ownerToken },
    );
    expect(res.status).toBe(422);
  });

  it('answers every mobile it cannot add the same, and limits the tries of an account', async () => {
    // An owner of their own account, adding members there.
    const login = await loginAnswer('13712340060');
    const token = (login.data as { access_token: string }).access_token;
    const api = t.client(() => token);
    const role = await api.call('/api/team/role-save', { name: '店员', permissions: ['order:view'] });
    const add = (mobile: string) =>
      t.post('/api/team/member-save', { mobile, nickname: '', role_id: role.id }, { token });
    const answer = async (res: Response) => ({ status: res.status, ...(await envelope(res)) });
    const unavailable = { status: 200, errorCode: 1, msg: TEAM_MESSAGES.mobileUnavailable };

    // The owner of another account, a member of another account, and one of a disabled account.
    await loginAnswer('13712340061');
    const [other] = (await owner.call('/api/seller/index', { ...page, keyword: '13712340061' })).list;
    await owner.call('/api/seller/status', { id: other?.id ?? 0, status: 'disabled' });
    for (const mobile of [ADMIN, USER, '13712340061'])
      expect(await answer(await add(mobile))).toEqual(unavailable);
    await owner.call('/api/seller/status', { id: other?.id ?? 0, status: 'active' });

    // 30 tries in 24 hours, refused or not (3 above, 27 new mobiles here), then 429 for any mobile.
    const users = async () =>
      (await t.server.db.query<{ n: number }>('SELECT count(*)::int AS n FROM users'))[0]?.n;
    for (let i = 0; i < MEMBER_ADD_RULES.limit - 3; i++) {
      expect((await answer(await add(`1371235${String(i).padStart(4, '0')}`))).errorCode).toBe(0);
    }
    const before = await users();
    for (const mobile of ['13712359999', ADMIN]) {
      expect(await answer(await add(mobile))).toEqual({
        status: 429,
        errorCode: 1,
        msg: TEAM_RULE_MESSAGES.tooManyAdds,
      });
    }
    expect(await users()).toBe(before);
    // Other accounts are not held up, and the next day this one may add again.
    expect(
      (
        await owner.call('/api/team/member-save', {
          mobile: '13712359998',
          nickname: '',
          role_id: (await owner.call('/api/team/role-index', page)).list[0]?.id ?? 0,
        })
      ).mobile,
    ).toBe('13712359998');
    t.clock.advance(MEMBER_ADD_RULES.windowSeconds * 1000);
    expect((await answer(await add('13712359999'))).errorCode).toBe(0);
  });

  it('the owner cannot be changed, disabled or removed', async () => {
    const [first, ...rest] = (await owner.call('/api/team/member-index', page)).list;
    expect(first?.account_role).toBe('owner');
    const roleId = rest[0]?.role_id ?? 0;
    const id = first?.id ?? 0;
    const version = first?.version ?? 1;
    expect(await refusal(owner.call('/api/team/member-status', { id, status: 'disabled', version }))).toBe(
      TEAM_MESSAGES.ownerFixed,
    );
    expect(await refusal(owner.call('/api/team/member-del', { id }))).toBe(TEAM_MESSAGES.ownerFixed);
    expect(
      await refusal(owner.call('/api/team/member-save', { id, nickname: 'x', role_id: roleId, version })),
    ).toBe(TEAM_MESSAGES.ownerFixed);
    expect(await status(ownerToken)).toBe(200);
  });

  it('disabling a member ends their sessions at once; enabling lets them sign in again (old sessions stay ended)', async () => {
    const token = await t.login(USER);
    const [member] = (await owner.call('/api/team/member-index', { ...page, keyword: USER })).list;
    if (!member) throw new Error('seeded member missing');
    expect(await status(token)).toBe(200);

    const disabled = await owner.call('/api/team/member-status', {
      id: member.id,
      status: 'disabled',
      version: member.version,
    });
    expect(disabled).toMatchObject({ status: 'disabled' });
    expect(await status(token)).toBe(401);
    // No code is sent to a disabled member, so the last one they had (spent) does not sign them in.
    expect(await loginAnswer(USER)).toMatchObject({ errorCode: 1, msg: SMS_MESSAGES.expired });
    expect(
      (await owner.call('/api/team/member-index', { ...page, status: 'disabled' })).list.map((m) => m.mobile),
    ).toEqual([USER]);

    await owner.call('/api/team/member-status', {
      id: member.id,
      status: 'active',
      version: disabled.version,
    });
    expect(await status(token)).toBe(401);
    const again = await loginAnswer(USER);
    expect(again).toMatchObject({ errorCode: 0 });
    expect(await status((again.data as { access_token: string }).access_token)).toBe(200);
  });

  it('removing a member ends their sessions and frees the mobile', async () => {
    const [role] = (await owner.call('/api/team/role-index', page)).list;
    const member = await owner.call('/api/team/member-save', {
      mobile: '13712340054',
      nickname: '临时',
      role_id: role?.id ?? 0,
    });
    const token = await t.login('13712340054');
    expect(await status(token)).toBe(200);
    expect(await owner.call('/api/team/member-del', { id: member.id })).toEqual({ id: member.id });
    expect(await status(token)).toBe(401);
    expect((await owner.call('/api/team/member-index', { ...page, keyword: '13712340054' })).total).toBe(0);
    // The mobile is nobody's now: it signs up like any stranger.
    expect(await loginAnswer('13712340054')).toMatchObject({ data: { is_new_account: true } });
  });

  it('a member with team:manage manages the team, but not themselves', async () => {
    const role = await owner.call('/api/team/role-save', { name: '主管', permissions: ['team:manage'] });
    const lead = await owner.call('/api/team/member-save', {
      mobile: '13712340055',
      nickname: '主管',
      role_id: role.id,
    });
    const token = await t.login('13712340055');
    const api = t.client(() => token);
    expect((await api.call('/api/team/member-index', page)).total).toBeGreaterThan(1);
    expect(
      await refusal(
        api.call('/api/team/member-status', { id: lead.id, status: 'disabled', version: lead.version }),
      ),
    ).toBe(TEAM_MESSAGES.notYourself);
    expect(await refusal(api.call('/api/team/member-del', { id: lead.id }))).toBe(TEAM_MESSAGES.notYourself);
  });
});

describe('no silent overwrite (roles and members carry a version)', () => {
  it('ten concurrent renames of a role with one version: one 200, nine 409, one change', async () => {
    const role = await owner.call('/api/team/role-save', { name: '并发角色', permissions: ['order:view'] });
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        t.post(
          '/api/team/role-save',
          { id: role.id, name: `并发角色${i}`, permissions: role.permissions, version: role.version },
          { token: ownerToken },
        ),
      ),
    );
    const statuses = answers.map((res) => res.status).sort();
    expect(statuses).toEqual([200, ...Array(9).fill(409)]);
    const winner = answers.findIndex((res) => res.status === 200);
    const refused = await Promise.all(answers.filter((res) => res.status === 409).map(envelope));
    expect(new Set(refused.map((a) => a.msg))).toEqual(new Set([STALE_RECORD_MESSAGE]));
    const [saved] = (await owner.call('/api/team/role-index', { ...page, keyword: '并发角色' })).list;
    expect(saved).toMatchObject({ id: role.id, name: `并发角色${winner}`, version: role.version + 1 });
  });

  it('a stale role or member save answers 409 and leaves the row as the first save made it', async () => {
    const role = await owner.call('/api/team/role-save', { name: '两处角色', permissions: ['order:view'] });
    const member = await owner.call('/api/team/member-save', {
      mobile: '13712340057',
      nickname: '甲',
      role_id: role.id,
    });
    const rows = () =>
      Promise.all([
        t.server.db.query('SELECT * FROM roles WHERE id = $1', [role.id]),
        t.server.db.query('SELECT * FROM users WHERE id = $1', [member.id]),
      ]);
    // The first tab saves ...
    await owner.call('/api/team/role-save', { ...role, name: '第一处角色' });
    await owner.call('/api/team/member-save', {
      id: member.id,
      nickname: '乙',
      role_id: role.id,
      version: member.version,
    });
    const before = await rows();
    // ... then the second, from what it read before.
    const skip = { skipErrorHandler: true };
    // Settled together: awaited one by one, a later refusal could arrive before anyone awaits it
    // (an unhandled rejection that fails the run).
    const answers = await Promise.allSettled([
      owner.call('/api/team/role-save', { ...role, name: '第二处角色', permissions: ['log:view'] }, skip),
      owner.call(
        '/api/team/member-save',
        { id: member.id, nickname: '丙', role_id: role.id, version: member.version },
        skip,
      ),
      owner.call(
        '/api/team/member-status',
        { id: member.id, status: 'disabled', version: member.version },
        skip,
      ),
    ]);
    for (const answer of answers) {
      expect(answer).toMatchObject({
        status: 'rejected',
        reason: { status: 409, data: { msg: STALE_RECORD_MESSAGE } },
      });
    }
    expect(await rows()).toEqual(before);
    expect(before[0]).toEqual([expect.objectContaining({ name: '第一处角色', version: role.version + 1 })]);
    expect(before[1]).toEqual([expect.objectContaining({ nickname: '乙', status: 'active' })]);
  });

  it('an update without a version is refused (422); a missing role answers 404, not 409', async () => {
    const [role] = (await owner.call('/api/team/role-index', page)).list;
    const res = await t.post(
      '/api/team/role-save',
      { id: role?.id, name: '无版本', permissions: [] },
      { token: ownerToken },
    );
    expect(res.status).toBe(422);
    const missing = await t.post(
      '/api/team/role-save',
      { id: 999_999, name: '不存在', permissions: [], version: 1 },
      { token: ownerToken },
    );
    expect(missing.status).toBe(404);
  });
});

describe('seller accounts (卖家管理, operators)', () => {
  it('lists every account with the owner mobile masked, members and orders counted', async () => {
    const sellers = await owner.call('/api/seller/index', page);
    const demo = sellers.list.find((s) => s.id === 1);
    expect(demo).toMatchObject({
      owner_mobile: '138****0000',
      order_count: 480,
      status: 'active',
      // The operator works in the demo account: it is the only one marked as theirs.
      is_current: true,
    });
    expect(sellers.list.filter((s) => s.is_current)).toEqual([demo]);
    const [members] = await t.server.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM users WHERE account_id = 1',
    );
    expect(demo?.member_count).toBe(members?.n);
    expect(JSON.stringify(sellers)).not.toContain(ADMIN);
    // Newest first: the accounts signed up in this file come before the demo account.
    expect(sellers.list.at(-1)?.id).toBe(1);
    expect((await owner.call('/api/seller/index', { ...page, keyword: '13712340053' })).list).toEqual([
      expect.objectContaining({ owner_mobile: '137****0053', member_count: 1, order_count: 0 }),
    ]);
  });

  it('a member (not an operator) is refused', async () => {
    const token = await t.login(USER);
    expect(await status(token, '/api/seller/index', page)).toBe(403);
  });

  it('disabling an account signs its users out at once; they cannot sign in until it is enabled', async () => {
    const mobile = '13712340056';
    const login = await loginAnswer(mobile);
    const token = (login.data as { access_token: string }).access_token;
    const [account] = (await owner.call('/api/seller/index', { ...page, keyword: mobile })).list;
    if (!account) throw new Error('new account missing');

    expect(await owner.call('/api/seller/status', { id: account.id, status: 'disabled' })).toMatchObject({
      status: 'disabled',
      is_current: false,
    });
    expect(await status(token)).toBe(401);
    expect(await loginAnswer(mobile)).toMatchObject({ errorCode: 1, msg: SMS_MESSAGES.expired });
    expect(
      (await owner.call('/api/seller/index', { ...page, status: 'disabled' })).list.map((s) => s.id),
    ).toEqual([account.id]);

    await owner.call('/api/seller/status', { id: account.id, status: 'active' });
    expect(await loginAnswer(mobile)).toMatchObject({ errorCode: 0 });
  });

  it('an operator cannot disable the account they act in', async () => {
    expect(await refusal(owner.call('/api/seller/status', { id: 1, status: 'disabled' }))).toBe(
      SELLER_MESSAGES.ownAccount,
    );
    expect(await status(ownerToken)).toBe(200);
  });
});
