import { type Context, Hono } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { recordEvents } from '../db/platform-events';
import type { Deps } from '../env';
import { PLATFORM_EVENT_KIND } from '../jobs/platform-events';
import { parseAlibabaMessage } from '../platforms/alibaba';
import { DoudianConnector, parseDoudianPush } from '../platforms/doudian';

/** Where 抖店 pushes its messages (the app's 消息推送 URL: `{PUBLIC_URL}` + this). */
export const DOUDIAN_PUSH_PATH = '/api/platform-events/doudian';

/** Where 1688 pushes its order messages (the app's 消息服务 URL: `{PUBLIC_URL}` + this). */
export const ALIBABA_MESSAGE_PATH = '/api/platform-events/alibaba';

/** The largest push read (100 order messages are about 50 KB). */
export const PUSH_BODY_MAX = 256 * 1024;

/**
 * The body's bytes, or null when over `PUSH_BODY_MAX`. A body sent with Content-Length is judged on it
 * (Node's HTTP parser never delivers more than it announces, as middleware/body-limit.ts relies on); a
 * streamed one is counted while it is read.
 */
async function readBody(c: Context): Promise<Uint8Array | null> {
  const length = c.req.header('content-length');
  if (length !== undefined && c.req.header('transfer-encoding') === undefined) {
    return Number(length) > PUSH_BODY_MAX ? null : new Uint8Array(await c.req.arrayBuffer());
  }
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of c.req.raw.body ?? []) {
    size += chunk.length;
    if (size > PUSH_BODY_MAX) return null;
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

/**
 * The platforms' pushes (docs/api-server/platforms.md, "Platform events"). Not part of the signed JSON
 * API (the platform signs its own way), so mounted before `/api` and absent from the contract, like
 * Alipay's notification.
 *
 * `POST /api/platform-events/doudian` (抖店 消息推送): headers `app-id` and `event-sign`, the body a JSON
 * array of `{tag, msg_id, data}`. The app must be 抖店's active app and the sign `md5_hex(app_key +
 * raw body + app_secret)` of the raw bytes; then every message is recorded in one transaction (a
 * `msg_id` seen before changes nothing) and only then `{"code":0,"msg":"success"}` is answered, so a
 * push whose answer was lost (a crash before the commit) comes again and loses nothing. Refused (not
 * 200, nothing recorded, logged without the body or the sign): an oversize body (413), an unknown app
 * or a wrong sign (401), a body that is not such an array (400), 抖店 not set up (404).
 */
export function platformEventRoutes({
  db,
  now,
  log,
  connectorFor,
  wakeJobs,
  platforms,
}: Pick<Deps, 'db' | 'now' | 'log' | 'connectorFor' | 'wakeJobs' | 'platforms'>) {
  const refusal = (c: Context, status: ContentfulStatusCode, msg: string) => {
    log.warn('doudian push refused', {
      status,
      problem: msg,
      appId: (c.req.header('app-id') ?? '').slice(0, 64),
    });
    return c.json({ code: status, msg }, status);
  };
  const routes = new Hono().post('/alibaba', (c) => alibabaMessage(c, { db, now, log, wakeJobs, platforms }));
  return routes.post('/doudian', async (c) => {
    const appId = c.req.header('app-id') ?? '';
    const refuse = (status: ContentfulStatusCode, msg: string) => refusal(c, status, msg);
    const raw = await readBody(c);
    if (!raw) return refuse(413, '消息体过大');
    const connector = await connectorFor('douyin');
    if (!(connector instanceof DoudianConnector)) return refuse(404, '抖店未启用');
    if (!connector.isOwnPush(appId, c.req.header('event-sign') ?? '', raw)) {
      return refuse(401, '签名验证失败');
    }
    let text: string;
    try {
      text = new TextDecoder('utf-8', { fatal: true }).decode(raw);
    } catch {
      return refuse(400, '消息体不是 UTF-8 文本');
    }
    const messages = parseDoudianPush(text);
    if (typeof messages === 'string') return refuse(400, messages);
    const added = await recordEvents(db, {
      platform: 'douyin',
      appKey: appId,
      events: messages.map((m) => ({
        msgId: m.msgId,
        tag: m.tag,
        platformShopId: m.shopId,
        orderNo: m.orderNo,
        payload: m.message,
      })),
      nowS: Math.floor(now() / 1000),
    });
    if (added > 0) wakeJobs(PLATFORM_EVENT_KIND);
    return c.json({ code: 0, msg: 'success' });
  });
}

/**
 * `POST /api/platform-events/alibaba` (1688 消息服务, docs/design.md#1688-order-messages): a form of
 * `message` (JSON) and `_aop_signature`. 1688 must be set up (its app in 平台授权) and the signature
 * `alibabaMessageSign` of `message` with the app's secret; the message is then recorded (its `msgId`
 * seen before changes nothing) and only then answered 204 (as 1688's message SDK answers), so a push
 * whose answer was lost comes again and loses nothing. Refused (nothing recorded, logged without the
 * message or the signature): an oversize body (413), a wrong signature (401), a form without a readable
 * message (400), 1688 not set up (404).
 */
async function alibabaMessage(
  c: Context,
  { db, now, log, wakeJobs, platforms }: Pick<Deps, 'db' | 'now' | 'log' | 'wakeJobs' | 'platforms'>,
) {
  const refuse = (status: ContentfulStatusCode, msg: string) => {
    log.warn('1688 message refused', { status, problem: msg });
    return c.json({ code: status, msg }, status);
  };
  const raw = await readBody(c);
  if (!raw) return refuse(413, '消息体过大');
  const connector = await platforms.supplier();
  if (!connector) return refuse(404, '1688未启用');
  let form: URLSearchParams;
  try {
    form = new URLSearchParams(new TextDecoder('utf-8', { fatal: true }).decode(raw));
  } catch {
    return refuse(400, '消息体不是 UTF-8 文本');
  }
  const text = form.get('message') ?? '';
  if (!connector.isOwnMessage(text, form.get('_aop_signature') ?? '')) return refuse(401, '签名验证失败');
  const message = parseAlibabaMessage(text);
  if (typeof message === 'string') return refuse(400, message);
  const added = await recordEvents(db, {
    platform: 'alibaba',
    appKey: connector.appKey,
    events: [
      {
        msgId: message.msgId,
        tag: message.type,
        platformShopId: message.memberId,
        orderNo: message.orderId,
        payload: message.message,
      },
    ],
    nowS: Math.floor(now() / 1000),
  });
  if (added > 0) wakeJobs(PLATFORM_EVENT_KIND);
  return c.body(null, 204);
}
