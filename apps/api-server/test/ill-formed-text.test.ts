import { type ApiPath, apiRoutes } from '@consign/api-client/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { inputProblem } from '../src/http/input-rules';
import { MESSAGES } from '../src/http/respond';
import { ADMIN, envelope, startTestServer, type TestServer, USER } from './helpers';

/**
 * A lone UTF-16 surrogate (`"\ud800"` in JSON) in any string of any request is refused with 422 by
 * the input rules, before the route runs: nothing is written and nothing is logged. (It used to reach
 * the database: the driver wrote it as U+FFFD, the operation log's jsonb refused it, so the write
 * committed and the call answered 500.)
 */

const LONE = '\ud800';
/** A high surrogate followed by its low one is a well-formed pair (an emoji), and passes. */
const PAIR = '\ud83d\ude00';

let t: TestServer;
let adminToken: string;
let userToken: string;

beforeAll(async () => {
  // No authorisation sweep: the notifications it raises would change a table between two snapshots.
  t = await startTestServer({ copyWorker: false, authExpirySweep: false });
  adminToken = await t.login(ADMIN);
  userToken = await t.login(USER);
}, 120_000);

afterAll(async () => {
  await t?.stop();
});

/** Tables of sessions and replay state, which the logins above changed. */
const SESSION_TABLES = new Set(['access_tokens', 'sms_codes', 'request_nonces', 'rate_limits']);

/** Every table but the session ones (the operation log included), as text. */
async function snapshot(): Promise<string> {
  const tables = await t.server.db.query<{ table_name: string }>(
    `SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE'
     ORDER BY table_name`,
  );
  const parts: string[] = [];
  for (const { table_name } of tables) {
    if (SESSION_TABLES.has(table_name)) continue;
    parts.push(table_name, JSON.stringify(await t.server.db.query(`SELECT * FROM ${table_name} ORDER BY 1`)));
  }
  return parts.join('\n');
}

type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
};

/** Whether a value of `schema` may be a string (a schema that accepts anything counts). */
function takesString(schema: JsonSchema): boolean {
  if (Object.keys(schema).length === 0) return true;
  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  if (types.includes('string')) return true;
  return [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])].some(takesString);
}

/**
 * Every place of a body where the contract takes a string, as a body holding a lone surrogate there
 * (nested objects and array elements included).
 */
function bodiesWithLoneSurrogate(schema: JsonSchema): unknown[] {
  const bodies: unknown[] = [];
  if (takesString(schema)) bodies.push(LONE);
  for (const [key, property] of Object.entries(schema.properties ?? {})) {
    for (const inner of bodiesWithLoneSurrogate(property)) bodies.push({ [key]: inner });
  }
  if (schema.items) for (const inner of bodiesWithLoneSurrogate(schema.items)) bodies.push([inner]);
  for (const option of [...(schema.anyOf ?? []), ...(schema.oneOf ?? [])]) {
    if (option.properties || option.items)
      bodies.push(...bodiesWithLoneSurrogate({ ...option, type: undefined }));
  }
  return bodies;
}

function contractBodies(path: ApiPath): Record<string, unknown>[] {
  const { body } = apiRoutes[path] as { body?: z.ZodType };
  const bodies: Record<string, unknown>[] = [{ [`key${LONE}`]: 1 }];
  if (!body) return bodies;
  const schema = z.toJSONSchema(body, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  for (const candidate of bodiesWithLoneSurrogate(schema)) {
    if (typeof candidate === 'object' && candidate !== null && !Array.isArray(candidate)) {
      bodies.push(candidate as Record<string, unknown>);
    }
  }
  return bodies;
}

describe('a lone UTF-16 surrogate', () => {
  it('is refused with 422 in every string field of every route of the contract, changing nothing', async () => {
    const before = await snapshot();
    let calls = 0;
    for (const path of Object.keys(apiRoutes) as ApiPath[]) {
      const bodies = contractBodies(path);
      for (const body of bodies) {
        const res = await t.post(path, body, { token: adminToken });
        const answer = await envelope(res);
        expect({ path, body, status: res.status, msg: answer.msg }).toEqual({
          path,
          body,
          status: 422,
          msg: MESSAGES.illFormedText,
        });
        calls++;
      }
    }
    // Every route took a key, and the contract's string fields (over 150) their own call each.
    expect(calls).toBeGreaterThan(Object.keys(apiRoutes).length + 150);
    expect(await snapshot()).toBe(before);
  }, 120_000);

  it('is refused in real writes that would otherwise succeed, with no row and no log entry', async () => {
    const api = t.client(() => userToken);
    const group = await api.call('/api/shop/group-save', { name: '代理项分组' });
    const entry = await api.call('/api/buyer/blacklist-save', { mobile: '13700004444', reason: '原因' });
    const [pending] = await t.server.db.query<{ id: number }>(
      "SELECT id FROM orders WHERE account_id = 1 AND status = 'pending' ORDER BY id LIMIT 1",
    );
    const before = await snapshot();
    const writes: [string, Record<string, unknown>][] = [
      ['/api/shop/group-save', { name: `新分组${LONE}` }],
      ['/api/shop/group-save', { id: group.id, name: `改名${LONE}`, version: group.version }],
      ['/api/buyer/blacklist-save', { mobile: '13700005555', reason: `拉黑${LONE}` }],
      ['/api/buyer/blacklist-save', { id: entry.id, version: entry.version, reason: `改原因${LONE}` }],
      ['/api/copy/create', { shop_id: 1, urls: [`https://item.example.com/${LONE}`] }],
      ['/api/export/create', { format: 'csv', keyword: LONE }],
      ['/api/order/address', { id: pending?.id, name: `改名${LONE}`, address: '新路 1 号', version: 1 }],
      [
        '/api/order/purchase',
        { id: pending?.id, supplier: `1688${LONE}`, supplier_order_no: 'CG1', cost: 1 },
      ],
      ['/api/order/cancel', { id: pending?.id, reason: `缺货${LONE}` }],
    ];
    for (const [path, body] of writes) {
      const res = await t.post(path, body, { token: userToken });
      expect({ path, status: res.status, msg: (await envelope(res)).msg }).toEqual({
        path,
        status: 422,
        msg: MESSAGES.illFormedText,
      });
    }
    expect(await snapshot()).toBe(before);
    // A well-formed pair (an emoji) is ordinary text and is saved.
    const saved = await api.call('/api/shop/group-save', {
      id: group.id,
      name: `改名${PAIR}`,
      version: group.version,
    });
    expect(saved.name).toBe(`改名${PAIR}`);
  });

  it('is found by the input rules in query values and keys and at any depth', () => {
    // The query as `c.req.queries()` gives it (its decoding refuses escapes of surrogates, so over
    // HTTP only JSON escapes can carry one; form fields and file names are decoded from UTF-8).
    expect(inputProblem({ id: [LONE] })).toBe('illFormedText');
    expect(inputProblem({ [LONE]: ['1'] })).toBe('illFormedText');
    expect(inputProblem({ a: { b: [{ c: `x${LONE}y` }] } })).toBe('illFormedText');
    expect(inputProblem({ name: PAIR, list: [PAIR] })).toBeNull();
    // A low surrogate alone is as ill-formed as a high one.
    expect(inputProblem({ name: '\udc00' })).toBe('illFormedText');
  });
});
