import type { CurrentUser } from '@consign/api-client';
import { Button, cn, IconButton } from '@consign/ui';
import { HeaderClock } from '@consign/ui/components/header-clock';
import { Bell, CircleQuestionMark, PanelLeftClose, PanelLeftOpen } from 'lucide-react';
import type * as React from 'react';
import { shellCopy } from '../copy';
import { NotificationBell, type ShellNotifications } from './notification-bell';
import { UserMenu } from './user-menu';

export type ShellHeaderProps = React.ComponentProps<'header'> & {
  user: CurrentUser | undefined;
  /** The sidebar is collapsed (wide window) or its drawer is closed (narrow window). */
  menuHidden: boolean;
  onToggleMenu(): void;
  onLogout(): void;
  onUserCenter?: (() => void) | undefined;
  /** 充值; absent: no 充值 button (the app leaves it out for a user who may not top up). */
  onTopUp?: (() => void) | undefined;
  onHelp?: (() => void) | undefined;
  /** The bell without a panel (when `notifications` is not given): called on click. */
  onNotifications?: (() => void) | undefined;
  /** The bell's data: unread count and the latest notifications (see {@link ShellNotifications}). */
  notifications?: ShellNotifications | undefined;
  /** Freeze the clock (stories, screenshots). */
  clockNow?: Date | undefined;
};

/** The top bar: menu toggle, 充值, 帮助, 消息通知 (the unread count), the user menu and the live clock. */
export function ShellHeader({
  user,
  menuHidden,
  onToggleMenu,
  onLogout,
  onUserCenter,
  onTopUp,
  onHelp,
  onNotifications,
  notifications,
  clockNow,
  className,
  ...props
}: ShellHeaderProps) {
  const ToggleIcon = menuHidden ? PanelLeftOpen : PanelLeftClose;
  return (
    <header
      data-slot="header"
      className={cn(
        'flex h-14 shrink-0 items-center gap-2 border-b border-border bg-card px-2 md:px-4',
        className,
      )}
      {...props}
    >
      <IconButton
        data-slot="menu-toggle"
        aria-label={menuHidden ? shellCopy.expandMenu : shellCopy.collapseMenu}
        aria-expanded={!menuHidden}
        onClick={onToggleMenu}
      >
        <ToggleIcon aria-hidden="true" className="size-5" />
      </IconButton>
      <HeaderClock now={clockNow} className="hidden md:flex" />
      <div className="ml-auto flex items-center gap-1 md:gap-2">
        {onTopUp ? (
          <Button variant="danger" size="sm" onClick={onTopUp}>
            {shellCopy.topUp}
          </Button>
        ) : null}
        <IconButton aria-label={shellCopy.help} onClick={onHelp}>
          <CircleQuestionMark aria-hidden="true" className="size-5" />
        </IconButton>
        {notifications ? (
          <NotificationBell notifications={notifications} />
        ) : (
          <IconButton aria-label={shellCopy.notifications} onClick={onNotifications}>
            <Bell aria-hidden="true" className="size-5" />
          </IconButton>
        )}
        <UserMenu user={user} onLogout={onLogout} onUserCenter={onUserCenter} />
      </div>
    </header>
  );
}
