import type { CurrentUser } from '@consign/api-client';
import {
  Avatar,
  AvatarFallback,
  AvatarImage,
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '@consign/ui';
import { ChevronDown, LogOut } from 'lucide-react';
import { shellCopy } from '../copy';

/** What the header calls the user: the nickname, or the mobile when the nickname is empty. */
export function displayNameOf(user: Pick<CurrentUser, 'nickname' | 'mobile'> | undefined): string {
  return user?.nickname?.trim() || user?.mobile || '';
}

export interface UserMenuProps {
  user: CurrentUser | undefined;
  onLogout(): void;
}

/** The avatar and name in the header; opens a menu with 退出登录. */
export function UserMenu({ user, onLogout }: UserMenuProps) {
  const name = displayNameOf(user);
  return (
    <DropdownMenu>
      <DropdownMenuTrigger
        data-slot="user-menu-trigger"
        className="flex max-w-48 cursor-pointer items-center gap-2 rounded-md px-2 py-1 text-sm outline-none hover:bg-muted focus-visible:ring-2 focus-visible:ring-ring"
      >
        <Avatar size="sm">
          {user?.avatar_image ? <AvatarImage src={user.avatar_image} alt="" /> : null}
          <AvatarFallback name={name} />
        </Avatar>
        <span data-slot="user-name" className="truncate" title={name}>
          {name || shellCopy.userMenu}
        </span>
        <ChevronDown aria-hidden="true" className="size-3.5 shrink-0 text-muted-foreground" />
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="min-w-36">
        <DropdownMenuItem onSelect={() => onLogout()}>
          <LogOut aria-hidden="true" className="size-4" />
          {shellCopy.logout}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
