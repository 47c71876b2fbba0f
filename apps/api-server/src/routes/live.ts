import {
  hasPermission,
  LIVE_READY_EVENT,
  LIVE_SIGNED_OUT_EVENT,
  LIVE_TOPIC_PERMISSIONS,
} from '@consign/api-client';
import { Hono } from 'hono';
import { streamSSE } from 'hono/streaming';
import type { ApiEnv } from '../env';
import { fail, MESSAGES } from '../http/respond';
import type { LiveHub } from '../live/hub';
import type { TokenStore } from '../security/tokens';

export const LIVE_MESSAGES = {
  tooManyStreams: '实时更新的连接过多，请关闭多余的页面后重试',
} as const;

/**
 * `/api/live/stream` (docs/design.md#live-pages): a stream of Server-Sent Events, one `event: <topic>` per
 * change of the caller's account whose permission the caller holds (`LIVE_TOPIC_PERMISSIONS`),
 * coalesced by the hub. It passes the pipeline of every call (signed POST, bearer token); it opens
 * with `event: ready` once it listens, sends a comment every `heartbeatMs`, and at each heartbeat
 * reads the session again: ended (signed out, expired, disabled) it sends `event: signed-out` and
 * closes; the permissions it filters by are the ones read then.
 */
export function liveRoutes({ live, tokens }: { live: LiveHub; tokens: TokenStore }) {
  return new Hono<ApiEnv>().post('/stream', async (c) => {
    const token = c.get('token');
    const auth = c.get('auth');
    let user = c.get('user');
    if (!token || !auth || !user) return fail(c, 401, MESSAGES.unauthorized);
    if (!live.admit(token)) return fail(c, 429, LIVE_MESSAGES.tooManyStreams);
    try {
      await live.start();
    } catch (error) {
      live.release(token);
      throw error;
    }
    return streamSSE(c, async (stream) => {
      let end: () => void = () => {};
      const ended = new Promise<void>((resolve) => {
        end = resolve;
      });
      stream.onAbort(end);
      const forget = live.onClose(end);
      const unsubscribe = live.subscribe(auth.accountId, (topic) => {
        const permission = LIVE_TOPIC_PERMISSIONS[topic];
        if (permission && !hasPermission(user, permission)) return;
        stream.writeSSE({ event: topic, data: JSON.stringify({ topic }) }).catch(end);
      });
      try {
        await stream.writeSSE({ event: LIVE_READY_EVENT, data: '{}' });
        while (!stream.aborted) {
          let timer: NodeJS.Timeout | undefined;
          const beat = new Promise<'beat'>((resolve) => {
            timer = setTimeout(() => resolve('beat'), live.heartbeatMs);
          });
          const why = await Promise.race([beat, ended.then(() => 'end' as const)]);
          clearTimeout(timer);
          if (why === 'end') break;
          // A failed read (the database closing) ends the stream too: the page connects again.
          const caller = await tokens.caller(token).catch(() => null);
          if (!caller || caller.accountId !== auth.accountId) {
            await stream.writeSSE({ event: LIVE_SIGNED_OUT_EVENT, data: '{}' });
            break;
          }
          user = caller.user;
          await stream.write(': heartbeat\n\n');
        }
      } finally {
        unsubscribe();
        forget();
        live.release(token);
      }
    });
  });
}
