import { Popover, PopoverAnchor, PopoverContent } from '@consign/ui';
import * as React from 'react';
import { shellCopy } from '../copy';
import type { ShellNotifications } from './notification-bell';
import NotificationPanel from './notification-panel';

export interface NotificationPopoverProps {
  notifications: ShellNotifications;
  open: boolean;
  onOpenChange(open: boolean): void;
  /** The bell button (`NotificationBell`'s own): the panel is placed against it and gives it the focus back. */
  anchor: React.RefObject<HTMLButtonElement | null>;
  /** The panel's id, which the button's `aria-controls` names. */
  panelId: string;
}

/**
 * The bell's Radix Popover and its panel, anchored to the bell button. `NotificationBell` loads this
 * module on the first hover, focus or click of the button; the button itself never changes.
 */
export default function NotificationPopover({
  notifications,
  open,
  onOpenChange,
  anchor,
  panelId,
}: NotificationPopoverProps) {
  // As Radix does for its own trigger: the focus goes back to the button unless the panel closed
  // because the user pressed somewhere else.
  const pressedOutside = React.useRef(false);
  return (
    <Popover open={open} onOpenChange={onOpenChange}>
      <PopoverAnchor virtualRef={anchor as React.RefObject<HTMLButtonElement>} />
      <PopoverContent
        id={panelId}
        align="end"
        data-slot="notification-panel"
        aria-label={shellCopy.notifications}
        className="w-[min(24rem,calc(100vw-1rem))] p-0"
        // The button toggles the panel itself: a press on it is not an outside click.
        onInteractOutside={(event) => {
          if (anchor.current?.contains(event.target as Node)) event.preventDefault();
          else pressedOutside.current = true;
        }}
        onOpenAutoFocus={() => {
          pressedOutside.current = false;
        }}
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          if (!pressedOutside.current) anchor.current?.focus();
        }}
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
