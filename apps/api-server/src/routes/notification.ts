import { notificationKindsFor } from '@consign/api-client';
import type { Context } from 'hono';
import { Hono } from 'hono';
import { listNotifications, markAllRead, markRead, type Reader, unreadCount } from '../db/notifications';
import type { ApiEnv, Deps } from '../env';
import { HttpProblem, ok } from '../http/respond';
import { recordChange } from '../middleware/audit';
import { scope } from '../middleware/authentication';
import { body } from '../middleware/validate';

/** The caller and the notification kinds they may open (those whose page their permissions reach). */
function reader(c: Context<ApiEnv>): Reader {
  const userId = c.get('auth')?.userId;
  if (!userId) throw new HttpProblem(401, '请先登录');
  return { userId, kinds: notificationKindsFor(c.get('user')) };
}

/** 消息通知 (the header's bell): the caller's account's notifications, read per user (db/notifications.ts). */
export function notificationRoutes({ now }: Pick<Deps, 'now'>) {
  const nowS = () => Math.floor(now() / 1000);
  return new Hono<ApiEnv>()
    .post('/index', body('/api/notification/index'), async (c) =>
      ok(c, await listNotifications(scope(c), reader(c), c.req.valid('json'))),
    )
    .post('/unread-count', body('/api/notification/unread-count'), async (c) =>
      ok(c, { unread: await unreadCount(scope(c), reader(c)) }),
    )
    .post('/read', body('/api/notification/read'), async (c) => {
      const { row, change } = await markRead(scope(c), reader(c), c.req.valid('json').id, nowS());
      recordChange(c, change);
      return ok(c, row);
    })
    .post('/read-all', body('/api/notification/read-all'), async (c) => {
      const { marked, change } = await markAllRead(scope(c), reader(c), nowS());
      recordChange(c, change);
      return ok(c, { marked });
    });
}
