import { cva, type VariantProps } from 'class-variance-authority';
import type * as React from 'react';
import { cn } from '../lib/cn';
import { useControllableState } from '../lib/use-controllable-state';
import { useFieldControlProps } from './field-control';

export const switchVariants = cva(
  'peer inline-flex shrink-0 cursor-pointer items-center rounded-full border-2 border-transparent shadow-xs outline-none transition-colors focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-1 focus-visible:ring-offset-background disabled:cursor-not-allowed disabled:opacity-50 data-[state=checked]:bg-switch data-[state=unchecked]:bg-neutral-400 dark:data-[state=unchecked]:bg-neutral-600',
  {
    variants: {
      size: { sm: 'h-4 w-7', md: 'h-[22px] w-11' },
    },
    defaultVariants: { size: 'md' },
  },
);

export type SwitchProps = Omit<React.ComponentProps<'button'>, 'value' | 'defaultValue' | 'onChange'> &
  VariantProps<typeof switchVariants> & {
    checked?: boolean;
    defaultChecked?: boolean;
    onCheckedChange?: (checked: boolean) => void;
    required?: boolean;
  };

/**
 * A switch (role switch, WAI-ARIA's switch pattern: a button that toggles on click, Space and Enter),
 * green when on; controlled (`checked`) or uncontrolled (`defaultChecked`). Its own button rather than
 * Radix Switch: the sidebar draws one on every signed-in page, and every switch of the app sits in a
 * form library's controller, never in a native form submission (Radix's hidden input is not needed).
 * The markup is Radix's: `data-state` checked/unchecked on the button and its thumb, `data-disabled`.
 */
export function Switch(allProps: SwitchProps) {
  const {
    className,
    size,
    checked: checkedProp,
    defaultChecked = false,
    onCheckedChange,
    required,
    disabled,
    onClick,
    ...props
  } = useFieldControlProps(allProps);
  const [checked, setChecked] = useControllableState({
    value: checkedProp,
    defaultValue: defaultChecked,
    onChange: onCheckedChange,
  });
  const state = checked ? 'checked' : 'unchecked';
  return (
    <button
      type="button"
      role="switch"
      aria-checked={checked}
      aria-required={required}
      data-state={state}
      data-disabled={disabled ? '' : undefined}
      disabled={disabled}
      data-slot="switch"
      data-size={size ?? 'md'}
      className={cn(switchVariants({ size }), className)}
      onClick={(event) => {
        onClick?.(event);
        if (!event.defaultPrevented) setChecked(!checked);
      }}
      {...props}
    >
      <span
        data-slot="switch-thumb"
        data-state={state}
        data-disabled={disabled ? '' : undefined}
        className={cn(
          'pointer-events-none block rounded-full bg-white shadow-sm ring-0 transition-transform data-[state=unchecked]:translate-x-0',
          size === 'sm'
            ? 'size-3 data-[state=checked]:translate-x-3'
            : 'size-[18px] data-[state=checked]:translate-x-[22px]',
        )}
      />
    </button>
  );
}
