import { cva, type VariantProps } from 'class-variance-authority';
import type * as React from 'react';
import { cn } from '../lib/cn';

export const badgeVariants = cva(
  'inline-flex items-center justify-center rounded-full font-medium leading-none whitespace-nowrap tabular-nums',
  {
    variants: {
      variant: {
        count: 'h-5 min-w-5 px-1.5 text-xs',
        dot: 'size-2',
      },
      tone: {
        danger: 'bg-destructive text-destructive-foreground',
        primary: 'bg-primary text-primary-foreground',
        neutral: 'bg-neutral-600 text-white',
        // The bright green of --success is for icons and the switch; white text needs the strong one.
        success: 'bg-success-strong text-success-foreground',
      },
    },
    defaultVariants: { variant: 'count', tone: 'danger' },
  },
);

export type BadgeProps = Omit<React.ComponentProps<'span'>, 'children'> &
  VariantProps<typeof badgeVariants> & {
    /** The number (or any short text) to show. */
    count?: number | string;
    /** Counts above `max` read `${max}+`; default 99. */
    max?: number;
    /** Show a zero instead of hiding the badge. */
    showZero?: boolean;
    /** Text for screen readers when the badge alone does not say enough (a dot, say). */
    label?: string;
    /** The element the badge sits on (a bell button, an avatar); without it the badge stands alone. */
    children?: React.ReactNode;
  };

/** The text a count badge shows, or null when it shows nothing: `formatBadgeCount(120, 99)` is `99+`. */
export function formatBadgeCount(
  count: number | string | undefined,
  max = 99,
  showZero = false,
): string | null {
  if (count === undefined || count === '') return null;
  if (typeof count === 'string') return count;
  if (!Number.isFinite(count) || (count <= 0 && !showZero)) return null;
  return count > max ? `${max}+` : String(Math.max(0, Math.floor(count)));
}

/** A count or a dot, standing alone or pinned to the top-right corner of its child. */
export function Badge({
  className,
  variant,
  tone,
  count,
  max = 99,
  showZero = false,
  label,
  children,
  ...props
}: BadgeProps) {
  const isDot = variant === 'dot';
  const text = isDot ? null : formatBadgeCount(count, max, showZero);
  const visible = isDot || text !== null;
  const indicator = visible ? (
    <span
      data-slot="badge-indicator"
      data-variant={isDot ? 'dot' : 'count'}
      title={typeof count === 'number' && text?.endsWith('+') ? String(count) : undefined}
      className={cn(
        badgeVariants({ variant, tone }),
        children !== undefined &&
          'absolute top-0 right-0 translate-x-1/2 -translate-y-1/2 shadow-[0_0_0_1px_var(--card)]',
        children === undefined && className,
      )}
    >
      {text}
      {label ? <span className="sr-only">{label}</span> : null}
    </span>
  ) : null;

  if (children === undefined) {
    return indicator ? (
      <span data-slot="badge" data-variant={isDot ? 'dot' : 'count'} className="inline-flex" {...props}>
        {indicator}
      </span>
    ) : null;
  }
  return (
    <span
      data-slot="badge"
      data-variant={isDot ? 'dot' : 'count'}
      className={cn('relative inline-flex', className)}
      {...props}
    >
      {children}
      {indicator}
    </span>
  );
}
