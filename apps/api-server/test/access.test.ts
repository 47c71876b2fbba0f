import { type ApiPath, apiRoutes, type RouteContract } from '@consign/api-client/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED_ROLE } from '../src/db/seed';
import { ADMIN, startTestServer, type TestServer, USER } from './helpers';

/**
 * Who may call what is the contract's `access` and `permission`: every path is checked against them
 * with the seeded users (the operator owns the demo account; the member's role 运营 lacks
 * team:manage). permissions.test.ts walks every permission.
 */
let t: TestServer;
let admin: string;
let user: string;

beforeAll(async () => {
  t = await startTestServer({ copyWorker: false });
  admin = await t.login(ADMIN);
  user = await t.login(USER);
}, 120_000);

afterAll(async () => {
  await t?.stop();
});

// Logout would revoke the tokens the other cases use (it is public: security.test.ts covers it).
const paths = (Object.keys(apiRoutes) as ApiPath[]).filter((path) => path !== '/api/default/logout');

describe('access from the contract', () => {
  it.each(paths)('%s: served, and refused to whom its access excludes', async (path) => {
    const { access, permission } = apiRoutes[path] as RouteContract;
    const memberLacks = permission !== undefined && !(SEED_ROLE.permissions as string[]).includes(permission);
    // An empty body: the call may then fail its validation (422), but never as an unknown path.
    const anonymous = await t.post(path, {});
    const asUser = await t.post(path, {}, { token: user });
    const asAdmin = await t.post(path, {}, { token: admin });
    expect(asAdmin.status).not.toBe(404);
    if (access === 'public') {
      expect([anonymous.status, asUser.status]).not.toContain(401);
    } else {
      expect(anonymous.status).toBe(401);
    }
    if (access === 'operator' || memberLacks) expect(asUser.status).toBe(403);
    else expect(asUser.status).not.toBe(403);
    expect([401, 403]).not.toContain(asAdmin.status);
  });
});
