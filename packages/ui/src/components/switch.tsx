import { cva, type VariantProps } from 'class-variance-authority';
import { Switch as SwitchPrimitive } from 'radix-ui';
import type * as React from 'react';
import { cn } from '../lib/cn';
import { useFieldControlProps } from './field';

export const switchVariants = cva(
  'peer inline-flex shrink-0 cursor-pointer items-center rounded-full border-2 border-transparent shadow-xs outline-none transition-colors focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-1 focus-visible:ring-offset-background disabled:cursor-not-allowed disabled:opacity-50 data-[state=checked]:bg-switch data-[state=unchecked]:bg-neutral-400 dark:data-[state=unchecked]:bg-neutral-600',
  {
    variants: {
      size: { sm: 'h-4 w-7', md: 'h-[22px] w-11' },
    },
    defaultVariants: { size: 'md' },
  },
);

export type SwitchProps = React.ComponentProps<typeof SwitchPrimitive.Root> &
  VariantProps<typeof switchVariants>;

/** Radix Switch (role switch), green when on; controlled (`checked`) or uncontrolled (`defaultChecked`). */
export function Switch(allProps: SwitchProps) {
  const { className, size, ...props } = useFieldControlProps(allProps);
  return (
    <SwitchPrimitive.Root
      data-slot="switch"
      data-size={size ?? 'md'}
      className={cn(switchVariants({ size }), className)}
      {...props}
    >
      <SwitchPrimitive.Thumb
        data-slot="switch-thumb"
        className={cn(
          'pointer-events-none block rounded-full bg-white shadow-sm ring-0 transition-transform data-[state=unchecked]:translate-x-0',
          size === 'sm'
            ? 'size-3 data-[state=checked]:translate-x-3'
            : 'size-[18px] data-[state=checked]:translate-x-[22px]',
        )}
      />
    </SwitchPrimitive.Root>
  );
}
