import { STALE_RECORD_MESSAGE } from '@consign/api-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROFILE_MESSAGES } from '../src/db/profile';
import { ADMIN, envelope, startTestServer, type TestServer, USER } from './helpers';

/**
 * 用户中心 through the real API: a user sets their own nickname (the header's name), the owner sets the
 * account's name (卖家管理 shows it), each at the version read; a member may not rename the account.
 */

let t: TestServer;
let owner: string;
let member: string;

beforeAll(async () => {
  t = await startTestServer({ copyWorker: false });
  owner = await t.login(ADMIN);
  member = await t.login(USER);
}, 120_000);

afterAll(async () => {
  await t?.stop();
});

const sellers = async (keyword: string) =>
  (await t.client(() => owner).call('/api/seller/index', { pageIndex: 1, pageSize: 10, keyword })).list;

describe('用户中心', () => {
  it('a member sets their nickname, which user/info then names them by; a stale save changes nothing', async () => {
    const api = t.client(() => member);
    const before = await api.call('/api/user/profile');
    expect(before).toMatchObject({ nickname: '', account_role: 'member' });
    const saved = await api.call('/api/user/profile-save', { nickname: '  小王  ', version: before.version });
    expect(saved).toMatchObject({ nickname: '小王', version: before.version + 1 });
    expect((await api.call('/api/user/info')).nickname).toBe('小王');

    const stale = await t.post(
      '/api/user/profile-save',
      { nickname: '老王', version: before.version },
      { token: member },
    );
    expect({ status: stale.status, msg: (await envelope(stale)).msg }).toEqual({
      status: 409,
      msg: STALE_RECORD_MESSAGE,
    });
    expect((await api.call('/api/user/info')).nickname).toBe('小王');
  });

  it('a member may not rename the account (403), whatever version they send', async () => {
    const { account_name, account_version } = await t.client(() => member).call('/api/user/profile');
    const res = await t.post(
      '/api/user/account-save',
      { name: '成员改的名', version: account_version },
      { token: member },
    );
    expect({ status: res.status, msg: (await envelope(res)).msg }).toEqual({
      status: 403,
      msg: PROFILE_MESSAGES.ownerOnly,
    });
    expect((await t.client(() => owner).call('/api/user/profile')).account_name).toBe(account_name);
  });

  it('the owner renames the account: 卖家管理 shows the name; a stale rename and an empty name change nothing', async () => {
    const api = t.client(() => owner);
    const before = await api.call('/api/user/profile');
    expect(before.account_role).toBe('owner');
    const saved = await api.call('/api/user/account-save', {
      name: '杭州小美代发',
      version: before.account_version,
    });
    expect(saved).toMatchObject({
      account_name: '杭州小美代发',
      account_version: before.account_version + 1,
    });
    expect((await sellers('杭州小美代发')).map((s) => s.name)).toEqual(['杭州小美代发']);

    const stale = await t.post(
      '/api/user/account-save',
      { name: '旧名', version: before.account_version },
      { token: owner },
    );
    expect(stale.status).toBe(409);
    const empty = await t.post(
      '/api/user/account-save',
      { name: '   ', version: saved.account_version },
      { token: owner },
    );
    expect(empty.status).toBe(422);
    expect((await api.call('/api/user/profile')).account_name).toBe('杭州小美代发');
  });

  it('a signed-up account is named by its mobile until renamed; 卖家管理 shows that mobile masked', async () => {
    const mobile = '13712340077';
    const token = await t.login(mobile);
    const [row] = await sellers('13712340077');
    expect(row?.name).toBe('137****0077');
    const api = t.client(() => token);
    const { account_version } = await api.call('/api/user/profile');
    await api.call('/api/user/account-save', { name: '新开小店', version: account_version });
    const [renamed] = await sellers('13712340077');
    expect(renamed?.name).toBe('新开小店');
    const stale = await t.post(
      '/api/user/account-save',
      { name: '再改', version: account_version },
      { token },
    );
    expect(stale.status).toBe(409);
  });
});
