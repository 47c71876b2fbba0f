import {
  Badge,
  formatBadgeCount,
  IconButton,
  Popover,
  PopoverContent,
  PopoverTrigger,
  Spinner,
} from '@consign/ui';
import { Bell } from 'lucide-react';
import * as React from 'react';
import { shellCopy } from '../copy';

/** One notification as the bell lists it. */
export interface ShellNotification {
  id: number;
  title: string;
  body: string;
  /** Unix seconds. */
  created_at: number;
  read: boolean;
  /** An internal path to open when it is clicked, or '' for none. */
  link: string;
}

/**
 * What the app gives the header's bell (`AppShell`'s `notifications`): the shell draws the badge and
 * the panel, the app owns the data (e.g. TanStack Query over `/api/notification/*`).
 */
export interface ShellNotifications {
  /** The unread count: the badge shows it (none at 0 or while unknown, `99+` past 99). */
  unread: number | undefined;
  /** The latest notifications, read first when the panel opens; undefined while loading. */
  items: ShellNotification[] | undefined;
  /** The list failed to load. */
  error?: boolean | undefined;
  /** The panel opened or closed (load `items` on open). */
  onOpenChange?: ((open: boolean) => void) | undefined;
  /** A notification was clicked (mark it read, go to its link); the panel closes. */
  onSelect(item: ShellNotification): void;
  /** 全部已读. */
  onReadAll(): void;
  /** Freeze "now" of the relative times (stories, screenshots). */
  now?: Date | undefined;
}

// The panel's content is its own chunk, loaded on the first open: the login and dashboard bundles
// carry only the button and its badge.
const NotificationPanel = React.lazy(() => import('./notification-panel'));

/** The header's 消息通知 button: the unread badge, and a panel of the latest notifications. */
export function NotificationBell({ notifications }: { notifications: ShellNotifications }) {
  const [open, setOpen] = React.useState(false);
  const badge = formatBadgeCount(notifications.unread);
  const onOpenChange = (next: boolean) => {
    setOpen(next);
    notifications.onOpenChange?.(next);
  };
  return (
    <Popover open={open} onOpenChange={onOpenChange}>
      <PopoverTrigger asChild>
        {/* The name holds the visible count too (WCAG 2.5.3, label in name): "消息通知 99+". */}
        <IconButton
          data-slot="notification-bell"
          aria-label={badge ? `${shellCopy.notifications} ${badge}` : shellCopy.notifications}
        >
          <Badge count={notifications.unread}>
            <Bell aria-hidden="true" className="size-5" />
          </Badge>
        </IconButton>
      </PopoverTrigger>
      <PopoverContent
        align="end"
        data-slot="notification-panel"
        aria-label={shellCopy.notifications}
        className="w-[min(24rem,calc(100vw-1rem))] p-0"
      >
        <React.Suspense
          fallback={
            <div className="flex h-24 items-center justify-center">
              <Spinner />
            </div>
          }
        >
          <NotificationPanel
            notifications={notifications}
            onSelect={(item) => {
              setOpen(false);
              notifications.onOpenChange?.(false);
              notifications.onSelect(item);
            }}
          />
        </React.Suspense>
      </PopoverContent>
    </Popover>
  );
}
