import { cva, type VariantProps } from 'class-variance-authority';
import { Slot } from 'radix-ui';
import type * as React from 'react';
import { cn } from '../lib/cn';
import { LoaderIcon } from '../lib/icon-base';

export const buttonVariants = cva(
  "inline-flex shrink-0 cursor-pointer items-center justify-center gap-1.5 whitespace-nowrap rounded-md text-sm font-medium transition-colors outline-none select-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background disabled:pointer-events-none disabled:opacity-50 aria-disabled:pointer-events-none aria-disabled:opacity-50 [&_svg]:pointer-events-none [&_svg]:shrink-0 [&_svg:not([class*='size-'])]:size-4",
  {
    variants: {
      variant: {
        primary: 'bg-primary text-primary-foreground shadow-sm hover:bg-primary-hover',
        default:
          'border border-input bg-card text-card-foreground shadow-sm hover:border-link hover:text-link',
        danger: 'bg-destructive text-destructive-foreground shadow-sm hover:bg-destructive-hover',
        ghost: 'text-foreground hover:bg-accent hover:text-accent-foreground',
        link: 'text-link underline-offset-4 hover:underline',
      },
      size: {
        sm: 'h-7 px-2.5 text-xs',
        md: 'h-8 px-3.5',
        lg: 'h-10 px-5 text-base',
      },
    },
    // A link reads as text: no box height or padding whatever the size.
    compoundVariants: [{ variant: 'link', class: 'h-auto px-0' }],
    defaultVariants: { variant: 'default', size: 'md' },
  },
);

export type ButtonProps = React.ComponentProps<'button'> &
  VariantProps<typeof buttonVariants> & {
    /** Render the child element (a link, say) with the button's look and behaviour. */
    asChild?: boolean;
    /** Show a spinner, mark the button busy and ignore clicks until the work is done. */
    loading?: boolean;
  };

export function Button({
  className,
  variant,
  size,
  asChild = false,
  loading = false,
  disabled,
  type,
  children,
  onClick,
  ...props
}: ButtonProps) {
  const Comp = asChild ? Slot.Root : 'button';
  const inactive = Boolean(disabled) || loading;
  // A busy or disabled link must not navigate from the keyboard either (pointer events are off already).
  const handleClick: React.MouseEventHandler<HTMLButtonElement> | undefined =
    asChild && inactive ? (event) => event.preventDefault() : onClick;
  return (
    <Comp
      data-slot="button"
      data-variant={variant ?? 'default'}
      data-size={size ?? 'md'}
      data-loading={loading ? '' : undefined}
      type={asChild ? undefined : (type ?? 'button')}
      // A real <button> is disabled; an asChild link cannot be, so it is marked aria-disabled instead.
      disabled={asChild ? undefined : inactive}
      aria-disabled={asChild && inactive ? true : undefined}
      aria-busy={loading || undefined}
      className={cn(buttonVariants({ variant, size }), className)}
      onClick={handleClick}
      {...props}
    >
      {loading ? <LoaderIcon data-slot="button-spinner" className="animate-spin" /> : null}
      <Slot.Slottable>{children}</Slot.Slottable>
    </Comp>
  );
}
