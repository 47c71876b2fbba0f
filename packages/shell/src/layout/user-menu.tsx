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

// The menu's code (Radix DropdownMenu, its floating-UI positioning and focus management, ~27 KB gzip)
// loads on the first hover, focus or click of the trigger: a page that never opens the menu never
// downloads it.
const UserMenuDropdown = React.lazy(() =>
  import('./user-menu-dropdown').then((module) => ({ default: module.UserMenuDropdown })),
);

/**
 * The avatar and name in the header; opens a menu with 用户中心 and 退出登录. Until the trigger is first
 * hovered, focused or clicked, the same trigger button is drawn without the menu's code; that starts
 * loading it (in a transition, so the button stays as it is meanwhile). A press before the code has
 * arrived opens the menu once it is there, and a focused button hands its focus to the loaded one.
 */
export function UserMenu({ user, onLogout, onUserCenter }: UserMenuProps) {
  const name = displayNameOf(user);
  const [wanted, setWanted] = React.useState(false);
  const [openRequested, setOpenRequested] = React.useState(false);
  const focused = React.useRef(false);
  const want = (open = false) =>
    React.startTransition(() => {
      setWanted(true);
      if (open) setOpenRequested(true);
    });
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
      onPointerEnter={() => want()}
      onFocus={() => {
        focused.current = true;
        want();
      }}
      onBlur={() => {
        focused.current = false;
      }}
      // As Radix's trigger: a press opens it (so the menu opens even if the loaded trigger replaces this
      // button between press and release), Enter and Space (a click) and ArrowDown too.
      onPointerDown={(event) => {
        if (event.button === 0 && !event.ctrlKey) want(true);
      }}
      onClick={() => want(true)}
      onKeyDown={(event) => {
        if (event.key === 'ArrowDown') want(true);
      }}
    >
      {trigger}
    </button>
  );
  return (
    <React.Suspense fallback={waitingTrigger}>
      {wanted ? (
        <UserMenuDropdown
          triggerClassName={triggerClass}
          trigger={trigger}
          onLogout={onLogout}
          onUserCenter={onUserCenter}
          defaultOpen={openRequested}
          hadFocus={() => focused.current}
        />
      ) : (
        waitingTrigger
      )}
    </React.Suspense>
  );
}
