import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from '@consign/ui';
import { LogOut, UserRound } from 'lucide-react';
import * as React from 'react';
import { shellCopy } from '../copy';

export interface UserMenuDropdownProps {
  /** The trigger's look: the same class and content as the button drawn before this module arrived. */
  triggerClassName: string;
  trigger: React.ReactNode;
  onLogout(): void;
  onUserCenter?: (() => void) | undefined;
  /** Open at once: the trigger drawn before this module arrived was clicked. */
  defaultOpen?: boolean;
  /** Whether the trigger drawn before this module arrived had the focus: this trigger takes it over. */
  hadFocus?: () => boolean;
}

/**
 * The user menu's Radix DropdownMenu (menu, focus management, floating position). `UserMenu` loads
 * this module on the first hover, focus or click of its trigger, and draws the same trigger button
 * until it has arrived.
 */
export function UserMenuDropdown({
  triggerClassName,
  trigger,
  onLogout,
  onUserCenter,
  defaultOpen,
  hadFocus,
}: UserMenuDropdownProps) {
  const triggerRef = React.useRef<HTMLButtonElement>(null);
  // The button drawn before left the page with this one: keep the keyboard user's place.
  React.useLayoutEffect(() => {
    const lost = document.activeElement === null || document.activeElement === document.body;
    if (lost && hadFocus?.()) triggerRef.current?.focus();
  }, [hadFocus]);
  return (
    <DropdownMenu defaultOpen={defaultOpen}>
      <DropdownMenuTrigger ref={triggerRef} data-slot="user-menu-trigger" className={triggerClassName}>
        {trigger}
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="min-w-36">
        {onUserCenter ? (
          <DropdownMenuItem onSelect={() => onUserCenter()}>
            <UserRound aria-hidden="true" className="size-4" />
            {shellCopy.userCenter}
          </DropdownMenuItem>
        ) : null}
        <DropdownMenuItem onSelect={() => onLogout()}>
          <LogOut aria-hidden="true" className="size-4" />
          {shellCopy.logout}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
