import { cva, type VariantProps } from 'class-variance-authority';
import { Avatar as AvatarPrimitive } from 'radix-ui';
import type * as React from 'react';
import { cn } from '../lib/cn';
import { UserIcon } from '../lib/icons';

export const avatarVariants = cva('relative flex shrink-0 overflow-hidden rounded-full select-none', {
  variants: {
    size: { sm: 'size-6 text-xs', md: 'size-8 text-sm', lg: 'size-10 text-base' },
  },
  defaultVariants: { size: 'md' },
});

export type AvatarProps = React.ComponentProps<typeof AvatarPrimitive.Root> &
  VariantProps<typeof avatarVariants>;

/** Radix Avatar: shows `AvatarImage` once it has loaded, `AvatarFallback` before and when it fails. */
export function Avatar({ className, size, ...props }: AvatarProps) {
  return (
    <AvatarPrimitive.Root
      data-slot="avatar"
      data-size={size ?? 'md'}
      className={cn(avatarVariants({ size }), className)}
      {...props}
    />
  );
}

export function AvatarImage({ className, ...props }: React.ComponentProps<typeof AvatarPrimitive.Image>) {
  return (
    <AvatarPrimitive.Image
      data-slot="avatar-image"
      className={cn('aspect-square size-full object-cover', className)}
      {...props}
    />
  );
}

export type AvatarFallbackProps = React.ComponentProps<typeof AvatarPrimitive.Fallback> & {
  /** A name to draw initials from (`管理员` -> `管`, `Jane Doe` -> `JD`); without it, a person icon. */
  name?: string;
};

export function AvatarFallback({ className, name, children, ...props }: AvatarFallbackProps) {
  const initials = name ? getInitials(name) : '';
  return (
    <AvatarPrimitive.Fallback
      data-slot="avatar-fallback"
      className={cn(
        'flex size-full items-center justify-center rounded-full bg-primary text-primary-foreground font-medium',
        className,
      )}
      {...props}
    >
      {children ??
        (initials ? <span aria-hidden="true">{initials}</span> : <UserIcon className="size-[60%]" />)}
      {children === undefined && name ? <span className="sr-only">{name}</span> : null}
    </AvatarPrimitive.Fallback>
  );
}

/** Initials for a fallback avatar: the first character of a Chinese name, first letters of up to two words. */
export function getInitials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const first = words[0];
  if (!first) return '';
  const firstChar = Array.from(first)[0] ?? '';
  if (!/^[A-Za-z]/.test(firstChar)) return firstChar;
  const second = words.length > 1 ? (Array.from(words[words.length - 1] ?? '')[0] ?? '') : '';
  return (firstChar + second).toUpperCase();
}
