import type { CurrentUser } from '@consign/api-client';
import { Avatar, AvatarFallback, AvatarImage } from '@consign/ui';
import { ChevronDown } from 'lucide-react';
import * as React from 'react';
import { shellCopy } from '../copy';

/** What the header calls the user: the nickname, or the mobile when the nickname is empty. */
export function displayNameOf(user: Pick<CurrentUser, 'nickname' | 'mobile'> | undefined): string {
  return user?.nickname?.trim() || user?.mobile || '';
}

export interface UserMenuProps {
  user: CurrentUser | undefined;
  onLogout(): void;
  /** 用户中心 in the menu, above 退出登录 (absent: not offered). */
  onUserCenter?: (() => void) | undefined;
}

const triggerClass =
  'flex max-w-48 cursor-pointer items-center gap-2 rounded-md px-2 py-1 text-sm outline-none hover:bg-muted focus-visible:ring-2 focus-visible:ring-ring';

// The menu's code (Radix DropdownMenu and its floating-UI positioning) is not needed for the first paint.
const UserMenuDropdown = React.lazy(() =>
  import('./user-menu-dropdown').then((module) => ({ default: module.UserMenuDropdown })),
);

/**
 * The avatar and name in the header; opens a menu with 用户中心 and 退出登录. Until the menu's code has arrived the
 * same trigger button is drawn as the Suspense fallback, and a click on it opens the menu once it is there.
 */
export function UserMenu({ user, onLogout, onUserCenter }: UserMenuProps) {
  const name = displayNameOf(user);
  const [openRequested, setOpenRequested] = React.useState(false);
  const trigger = (
    <>
      <Avatar size="sm">
        {user?.avatar_image ? <AvatarImage src={user.avatar_image} alt="" /> : null}
        <AvatarFallback name={name} />
      </Avatar>
      <span data-slot="user-name" className="truncate" title={name}>
        {name || shellCopy.userMenu}
      </span>
      <ChevronDown aria-hidden="true" className="size-3.5 shrink-0 text-muted-foreground" />
    </>
  );
  const waitingTrigger = (
    <button
      type="button"
      data-slot="user-menu-trigger"
      aria-haspopup="menu"
      aria-expanded={false}
      data-state="closed"
      className={triggerClass}
      onClick={() => setOpenRequested(true)}
    >
      {trigger}
    </button>
  );
  return (
    <React.Suspense fallback={waitingTrigger}>
      <UserMenuDropdown
        triggerClassName={triggerClass}
        trigger={trigger}
        onLogout={onLogout}
        onUserCenter={onUserCenter}
        defaultOpen={openRequested}
      />
    </React.Suspense>
  );
}
