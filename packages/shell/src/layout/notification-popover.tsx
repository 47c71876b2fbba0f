import { IconButton, Popover, PopoverContent, PopoverTrigger } from '@consign/ui';
import * as React from 'react';
import { shellCopy } from '../copy';
import { BellButtonContent, bellLabel, type ShellNotifications } from './notification-bell';
import NotificationPanel from './notification-panel';

export interface NotificationPopoverProps {
  notifications: ShellNotifications;
  open: boolean;
  onOpenChange(open: boolean): void;
  /** Whether the button drawn before this module arrived had the focus: this button takes it over. */
  hadFocus?: () => boolean;
}

/**
 * The bell's Radix Popover and its panel. `NotificationBell` loads this module on the first hover,
 * focus or click of the button and draws the same button until it has arrived.
 */
export default function NotificationPopover({
  notifications,
  open,
  onOpenChange,
  hadFocus,
}: NotificationPopoverProps) {
  const buttonRef = React.useRef<HTMLButtonElement>(null);
  // The button drawn before left the page with this one: keep the keyboard user's place.
  React.useLayoutEffect(() => {
    const lost = document.activeElement === null || document.activeElement === document.body;
    if (lost && hadFocus?.()) buttonRef.current?.focus();
  }, [hadFocus]);
  return (
    <Popover open={open} onOpenChange={onOpenChange}>
      <PopoverTrigger asChild>
        <IconButton
          ref={buttonRef}
          data-slot="notification-bell"
          aria-label={bellLabel(notifications.unread)}
        >
          <BellButtonContent unread={notifications.unread} />
        </IconButton>
      </PopoverTrigger>
      <PopoverContent
        align="end"
        data-slot="notification-panel"
        aria-label={shellCopy.notifications}
        className="w-[min(24rem,calc(100vw-1rem))] p-0"
      >
        <NotificationPanel
          notifications={notifications}
          onSelect={(item) => {
            onOpenChange(false);
            notifications.onSelect(item);
          }}
        />
      </PopoverContent>
    </Popover>
  );
}
