import { createHash } from 'node:crypto';
import { z } from 'zod';

/**
 * 拼多多 消息服务 (PMC), the protocol (docs/design.md, "拼多多 消息服务"): one WebSocket per app to
 * `{PDD_MESSAGE_URL}/{client_id}/{timestamp_ms}/{sign}` with
 * `sign = base64(md5_hex(client_id + timestamp_ms + client_secret))`; JSON frames
 * `{id, commandType, time, sendTime, message: {type, content, mallID}}` whose `content` is a JSON
 * string. Each `Common` frame is acked by its id once what it caused is committed; an unacked one comes
 * again. The connection's lifecycle is jobs/pdd-messages.ts's.
 */

export const PDD_MESSAGE_DEFAULT_URL = 'wss://message-api.pinduoduo.com/message';

/** How often the client sends a `HeartBeat` (the SDKs send one about every 10 s). */
export const PDD_HEARTBEAT_MS = 10_000;

/**
 * The order topics: a new or changed order (交易) and an after-sale (退款) that changes one. The worker
 * reads the order named by `content.tid` (jobs/platform-events.ts); other topics are recorded and
 * ignored.
 */
export const PDD_ORDER_TOPICS = [
  'pdd_trade_TradeConfirmed',
  'pdd_trade_TradeModified',
  'pdd_trade_TradeSellerShip',
  'pdd_trade_TradeSuccess',
  'pdd_trade_TradeLogisticsAddressChanged',
  'pdd_trade_TradeMemoModified',
  'pdd_refund_RefundCreated',
  'pdd_refund_RefundAgreeAgreement',
  'pdd_refund_RefundClosed',
  'pdd_refund_RefundSuccess',
] as const;

export function isPddOrderTopic(type: string): boolean {
  return (PDD_ORDER_TOPICS as readonly string[]).includes(type);
}

/** `base64(md5_hex(client_id + timestamp_ms + client_secret))`. Never logged. */
export function pmcSign(clientId: string, timestampMs: string, clientSecret: string): string {
  const hex = createHash('md5').update(`${clientId}${timestampMs}${clientSecret}`, 'utf8').digest('hex');
  return Buffer.from(hex, 'utf8').toString('base64');
}

/** The signed connection URL (the sign percent-encoded: base64 may hold `/`, `+`, `=`). Never logged. */
export function pmcUrl(base: string, clientId: string, clientSecret: string, nowMs: number): string {
  const ts = String(Math.floor(nowMs));
  const sign = pmcSign(clientId, ts, clientSecret);
  return `${base.replace(/\/+$/, '')}/${encodeURIComponent(clientId)}/${ts}/${encodeURIComponent(sign)}`;
}

const digits = z.string().regex(/^\d{1,20}$/);
const frameSchema = z.object({
  id: z.union([digits, z.number().int().nonnegative()]).optional(),
  commandType: z.enum(['Common', 'Fail', 'HeartBeat', 'Ack']),
  time: z.number().optional(),
  sendTime: z.number().optional(),
  message: z
    .object({
      type: z.string().max(200),
      content: z.string().max(256 * 1024),
      mallID: z.union([digits, z.number().int().nonnegative()]),
    })
    .optional(),
});

/** A message (`Common`) frame, validated: its id exactly as sent (ids pass 2^53), its content parsed. */
export interface PmcMessage {
  kind: 'message';
  id: string;
  sendTime: number;
  type: string;
  mallId: string;
  /** The parsed `content`. */
  content: Record<string, unknown>;
  /** `content.tid`: the order the message is about ('' when none). */
  orderNo: string;
}

export type PmcFrame = PmcMessage | { kind: 'heartbeat' | 'ack' | 'fail' };

/**
 * Reads one frame; a string saying what is wrong with a bad one. The top-level `id` is read as the
 * digits that were sent before JSON.parse turns them into a rounded number (`content` is a JSON
 * string, so a quoted `"id"` inside it is escaped and never matches).
 */
export function parseFrame(text: string): PmcFrame | string {
  if (text.length > 512 * 1024) return '消息帧过大';
  let raw: unknown;
  try {
    raw = JSON.parse(text.replace(/"id"\s*:\s*(\d+)/, '"id":"$1"'));
  } catch {
    return '消息帧不是 JSON';
  }
  const parsed = frameSchema.safeParse(raw);
  if (!parsed.success) return '消息帧格式不正确';
  const frame = parsed.data;
  if (frame.commandType === 'HeartBeat') return { kind: 'heartbeat' };
  if (frame.commandType === 'Ack') return { kind: 'ack' };
  if (frame.commandType === 'Fail') return { kind: 'fail' };
  if (frame.id === undefined || !frame.message) return '消息缺少 id 或 message';
  let content: unknown;
  try {
    content = JSON.parse(frame.message.content);
  } catch {
    return '消息 content 不是 JSON';
  }
  if (!content || typeof content !== 'object' || Array.isArray(content)) return '消息 content 不是对象';
  const body = content as Record<string, unknown>;
  const tid = body.tid;
  return {
    kind: 'message',
    id: String(frame.id),
    sendTime: frame.sendTime ?? 0,
    type: frame.message.type,
    mallId: String(frame.message.mallID),
    content: body,
    orderNo: typeof tid === 'string' || typeof tid === 'number' ? String(tid) : '',
  };
}

/** The ack of a message: its id as the digits it came with. */
export function ackFrame(message: PmcMessage, nowMs: number): string {
  const rest = JSON.stringify({
    commandType: 'Ack',
    time: nowMs,
    sendTime: message.sendTime,
    message: { type: message.type, mallID: Number(message.mallId) },
  });
  return `{"id":${message.id},${rest.slice(1)}`;
}

export function heartbeatFrame(nowMs: number): string {
  return JSON.stringify({ commandType: 'HeartBeat', time: nowMs });
}
