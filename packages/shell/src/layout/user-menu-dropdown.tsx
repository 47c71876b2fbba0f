import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from '@consign/ui';
import { LogOut, UserRound } from 'lucide-react';
import type * as React from 'react';
import { shellCopy } from '../copy';

export interface UserMenuDropdownProps {
  /** The trigger's look: the same class and content as the button drawn before this module arrived. */
  triggerClassName: string;
  trigger: React.ReactNode;
  onLogout(): void;
  onUserCenter?: (() => void) | undefined;
  /** Open at once: the trigger drawn before this module arrived was clicked. */
  defaultOpen?: boolean;
}

/**
 * The user menu's Radix DropdownMenu (menu, focus management, floating position). `UserMenu` loads
 * this module after the header's first paint and draws the same trigger button until it has arrived.
 */
export function UserMenuDropdown({
  triggerClassName,
  trigger,
  onLogout,
  onUserCenter,
  defaultOpen,
}: UserMenuDropdownProps) {
  return (
    <DropdownMenu defaultOpen={defaultOpen}>
      <DropdownMenuTrigger data-slot="user-menu-trigger" className={triggerClassName}>
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
