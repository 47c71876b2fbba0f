import type * as React from 'react';
import { cn } from '../lib/cn';

/**
 * A grey placeholder in the shape of content that is loading. Decorative: mark the region that loads
 * with `aria-busy` (or show a Spinner) so screen readers learn about the wait.
 */
export function Skeleton({ className, ...props }: React.ComponentProps<'div'>) {
  return (
    <div
      data-slot="skeleton"
      aria-hidden="true"
      className={cn('animate-pulse rounded-md bg-accent motion-reduce:animate-none', className)}
      {...props}
    />
  );
}
