import { Tooltip as TooltipPrimitive } from 'radix-ui';
import type * as React from 'react';
import { cn } from '../lib/cn';

/** Put once near the root to share the open delay between tooltips. `Tooltip` brings its own when absent. */
export function TooltipProvider({
  delayDuration = 200,
  ...props
}: React.ComponentProps<typeof TooltipPrimitive.Provider>) {
  return <TooltipPrimitive.Provider data-slot="tooltip-provider" delayDuration={delayDuration} {...props} />;
}

/** Radix Tooltip: opens on hover and keyboard focus, closes on Escape; `open`/`defaultOpen`/`onOpenChange`. */
export function Tooltip({ delayDuration, ...props }: React.ComponentProps<typeof TooltipPrimitive.Root>) {
  return (
    <TooltipProvider {...(delayDuration !== undefined ? { delayDuration } : {})}>
      <TooltipPrimitive.Root data-slot="tooltip" {...props} />
    </TooltipProvider>
  );
}

export function TooltipTrigger(props: React.ComponentProps<typeof TooltipPrimitive.Trigger>) {
  return <TooltipPrimitive.Trigger data-slot="tooltip-trigger" {...props} />;
}

export function TooltipContent({
  className,
  sideOffset = 6,
  children,
  ...props
}: React.ComponentProps<typeof TooltipPrimitive.Content>) {
  return (
    <TooltipPrimitive.Portal>
      <TooltipPrimitive.Content
        data-slot="tooltip-content"
        sideOffset={sideOffset}
        className={cn(
          'z-50 max-w-xs origin-(--radix-tooltip-content-transform-origin) rounded-md bg-neutral-900 px-2.5 py-1.5 text-xs text-white shadow-md data-[state=delayed-open]:motion-safe:animate-fade-in data-[state=instant-open]:motion-safe:animate-fade-in dark:bg-neutral-700',
          className,
        )}
        {...props}
      >
        {children}
        <TooltipPrimitive.Arrow className="fill-neutral-900 dark:fill-neutral-700" />
      </TooltipPrimitive.Content>
    </TooltipPrimitive.Portal>
  );
}
