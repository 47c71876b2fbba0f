import type { CurrentUser } from '@consign/api-client';
import { ChevronDown, User } from 'lucide-react';
import * as React from 'react';
import { shellCopy } from '../copy';

/** What the header calls the user: the nickname, or the mobile when the nickname is empty. */
export function displayNameOf(user: Pick<CurrentUser, 'nickname' | 'mobile'> | undefined): string {
  return user?.nickname?.trim() || user?.mobile || '';
}

export interface UserMenuProps {
  user: CurrentUser | undefined;
  onLogout(): void;
}

/**
 * The ui Avatar's classes (`avatarVariants({ size: 'sm' })`, `AvatarFallback`) and initials
 * (`getInitials`), written out here: importing them from @consign/ui would pull the ui avatar module,
 * and with it the Radix Avatar runtime, into the header's first paint. `user-menu.test.tsx` holds
 * them to the ui originals.
 */
export const avatarClass = 'relative flex size-6 shrink-0 select-none overflow-hidden rounded-full text-xs';
const avatarFallbackClass =
  'flex size-full items-center justify-center rounded-full bg-primary font-medium text-primary-foreground';

/** `管理员` -> `管`, `Jane Doe` -> `JD`, `13900000000` -> `1` (the ui `getInitials`). */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const first = Array.from(words[0] ?? '')[0] ?? '';
  if (!/^[A-Za-z]/.test(first)) return first;
  const last = words.length > 1 ? (Array.from(words[words.length - 1] ?? '')[0] ?? '') : '';
  return (first + last).toUpperCase();
}

type ImageStatus = 'loading' | 'loaded' | 'error';

function statusOf(image: HTMLImageElement): ImageStatus {
  if (!image.complete) return 'loading';
  return image.naturalWidth > 0 ? 'loaded' : 'error';
}

/**
 * The ui Avatar's look and behaviour (`data-slot` avatar / avatar-image / avatar-fallback; the image
 * shows once it has loaded, the initial before and when it fails) without its Radix runtime, which
 * the header's first paint does not need.
 */
function UserAvatar({ src, name }: { src: string | undefined; name: string }) {
  const [status, setStatus] = React.useState<ImageStatus>('loading');
  React.useLayoutEffect(() => {
    if (!src) {
      setStatus('error');
      return;
    }
    const image = new window.Image();
    const update = () => setStatus(statusOf(image));
    image.addEventListener('load', update);
    image.addEventListener('error', update);
    image.src = src;
    update();
    return () => {
      image.removeEventListener('load', update);
      image.removeEventListener('error', update);
      setStatus('loading');
    };
  }, [src]);
  const initials = initialsOf(name);
  return (
    <span data-slot="avatar" data-size="sm" className={avatarClass}>
      {src && status === 'loaded' ? (
        <img data-slot="avatar-image" src={src} alt="" className="aspect-square size-full object-cover" />
      ) : (
        <span data-slot="avatar-fallback" className={avatarFallbackClass}>
          {initials ? (
            <span aria-hidden="true">{initials}</span>
          ) : (
            <User aria-hidden="true" className="size-[60%]" />
          )}
          {name ? <span className="sr-only">{name}</span> : null}
        </span>
      )}
    </span>
  );
}

const triggerClass =
  'flex max-w-48 cursor-pointer items-center gap-2 rounded-md px-2 py-1 text-sm outline-none hover:bg-muted focus-visible:ring-2 focus-visible:ring-ring';

// The menu's code (Radix DropdownMenu and its floating-UI positioning) is not needed for the first paint.
const UserMenuDropdown = React.lazy(() =>
  import('./user-menu-dropdown').then((module) => ({ default: module.UserMenuDropdown })),
);

/**
 * The avatar and name in the header; opens a menu with 退出登录. Until the menu's code has arrived the
 * same trigger button is drawn as the Suspense fallback, and a click on it opens the menu once it is there.
 */
export function UserMenu({ user, onLogout }: UserMenuProps) {
  const name = displayNameOf(user);
  const [openRequested, setOpenRequested] = React.useState(false);
  const trigger = (
    <>
      <UserAvatar src={user?.avatar_image || undefined} name={name} />
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
        defaultOpen={openRequested}
      />
    </React.Suspense>
  );
}
