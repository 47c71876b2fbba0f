import { cva, type VariantProps } from 'class-variance-authority';
import * as React from 'react';
import { copy } from '../copy';
import { cn } from '../lib/cn';
import { LoaderIcon } from '../lib/icon-base';

export const spinnerVariants = cva('animate-spin motion-reduce:animate-[spin_1.5s_linear_infinite]', {
  variants: {
    size: { sm: 'size-3.5', md: 'size-5', lg: 'size-8' },
  },
  defaultVariants: { size: 'md' },
});

export type SpinnerProps = Omit<React.ComponentProps<'span'>, 'children'> &
  VariantProps<typeof spinnerVariants> & {
    /** What screen readers announce; default 加载中. */
    label?: string;
    /** Show the label next to the spinner, not only to screen readers. */
    showLabel?: boolean;
  };

/** A loading indicator with role `status`, so assistive technology announces it. */
export function Spinner({
  className,
  size,
  label = copy.loading,
  showLabel = false,
  ...props
}: SpinnerProps) {
  // A status is not named by its content, so a visible label names it through aria-labelledby.
  const labelId = React.useId();
  return (
    <span
      role="status"
      aria-label={showLabel ? undefined : label}
      aria-labelledby={showLabel ? labelId : undefined}
      data-slot="spinner"
      data-size={size ?? 'md'}
      className={cn('inline-flex items-center gap-2 text-link', className)}
      {...props}
    >
      <LoaderIcon className={spinnerVariants({ size })} />
      {showLabel ? (
        <span id={labelId} className="text-sm text-muted-foreground">
          {label}
        </span>
      ) : null}
    </span>
  );
}
