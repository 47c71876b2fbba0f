import { Badge, formatBadgeCount, IconButton } from '@consign/ui';
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

// The popover (Radix Popover with floating-UI) and its panel load on the first hover, focus or click of
// the button: a page where the bell is never used carries only the button and its badge.
const NotificationPopover = React.lazy(() => import('./notification-popover'));

/** What the button shows: the bell and the unread badge, named with the count. */
export function BellButtonContent({ unread }: { unread: number | undefined }) {
  return (
    <Badge count={unread}>
      <Bell aria-hidden="true" className="size-5" />
    </Badge>
  );
}

/** The button's accessible name holds the visible count too (WCAG 2.5.3, label in name): "消息通知 99+". */
export function bellLabel(unread: number | undefined): string {
  const badge = formatBadgeCount(unread);
  return badge ? `${shellCopy.notifications} ${badge}` : shellCopy.notifications;
}

/**
 * The header's 消息通知 button: the unread badge, and a panel of the latest notifications. The button
 * is this component's own and stays in the page; the popover's code loads on its first hover, focus or
 * click (in a transition), and anchors the panel to it. A click before the code has arrived opens the
 * panel once it is there.
 */
export function NotificationBell({ notifications }: { notifications: ShellNotifications }) {
  const [wanted, setWanted] = React.useState(false);
  const [open, setOpen] = React.useState(false);
  const buttonRef = React.useRef<HTMLButtonElement>(null);
  const panelId = React.useId();
  const onOpenChange = (next: boolean) => {
    setOpen(next);
    notifications.onOpenChange?.(next);
  };
  const want = () => React.startTransition(() => setWanted(true));
  return (
    <>
      <IconButton
        ref={buttonRef}
        data-slot="notification-bell"
        aria-label={bellLabel(notifications.unread)}
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        data-state={open ? 'open' : 'closed'}
        onPointerEnter={want}
        onFocus={want}
        onClick={() => {
          want();
          onOpenChange(!open);
        }}
      >
        <BellButtonContent unread={notifications.unread} />
      </IconButton>
      {wanted ? (
        <React.Suspense fallback={null}>
          <NotificationPopover
            notifications={notifications}
            open={open}
            onOpenChange={onOpenChange}
            anchor={buttonRef}
            panelId={panelId}
          />
        </React.Suspense>
      ) : null}
    </>
  );
}
