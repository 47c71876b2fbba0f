import { Button, cn, RelativeTime, Spinner } from '@consign/ui';
import { shellCopy } from '../copy';
import type { ShellNotification, ShellNotifications } from './notification-bell';

/** The bell's panel: 全部已读 and the latest notifications (title, body, time, an unread dot). */
export default function NotificationPanel({
  notifications,
  onSelect,
}: {
  notifications: ShellNotifications;
  onSelect(item: ShellNotification): void;
}) {
  const { items, error, unread, now } = notifications;
  return (
    <div className="flex max-h-[min(28rem,70vh)] flex-col">
      <div className="flex items-center justify-between border-b border-border px-4 py-2">
        <h2 className="text-sm font-medium">{shellCopy.notifications}</h2>
        <Button variant="link" size="sm" disabled={!unread} onClick={() => notifications.onReadAll()}>
          {shellCopy.readAll}
        </Button>
      </div>
      {items === undefined && !error ? (
        <div className="flex h-24 items-center justify-center">
          <Spinner />
        </div>
      ) : error ? (
        <p className="px-4 py-6 text-center text-sm text-muted-foreground">{shellCopy.notificationsFailed}</p>
      ) : items?.length === 0 ? (
        <p className="px-4 py-6 text-center text-sm text-muted-foreground">{shellCopy.noNotifications}</p>
      ) : (
        <ul className="overflow-y-auto" aria-label={shellCopy.notifications}>
          {items?.map((item) => (
            <li key={item.id} className="border-b border-border last:border-b-0">
              <button
                type="button"
                data-slot="notification-item"
                data-read={item.read ? 'true' : 'false'}
                onClick={() => onSelect(item)}
                className="flex w-full gap-3 px-4 py-3 text-left hover:bg-accent focus-visible:bg-accent focus-visible:outline-none"
              >
                <span
                  aria-hidden="true"
                  className={cn(
                    'mt-1.5 size-2 shrink-0 rounded-full',
                    item.read ? 'bg-transparent' : 'bg-destructive',
                  )}
                />
                <span className="min-w-0 flex-1">
                  <span className={cn('block text-sm', item.read ? 'text-muted-foreground' : 'font-medium')}>
                    {item.read ? null : <span className="sr-only">{shellCopy.unread}</span>}
                    {item.title}
                  </span>
                  <span className="mt-0.5 block text-xs break-words text-muted-foreground">{item.body}</span>
                  <RelativeTime
                    value={item.created_at * 1000}
                    now={now}
                    className="mt-1 block text-xs text-muted-foreground"
                  />
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
