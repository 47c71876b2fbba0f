import type * as React from 'react';
import { cn } from '../lib/cn';

/**
 * A real <label>: clicking it focuses or toggles its control. As Radix Label (whose dependency, its
 * Primitive, it no longer loads on the login page): a double click on the text does not select it,
 * unless the press is on a control inside the label.
 */
export function Label({ className, onMouseDown, ...props }: React.ComponentProps<'label'>) {
  return (
    // biome-ignore lint/a11y/noLabelWithoutControl: the caller names the control (htmlFor or a child).
    <label
      data-slot="label"
      className={cn(
        'inline-flex items-center gap-1.5 text-sm leading-none font-medium select-none group-data-[disabled=true]:pointer-events-none group-data-[disabled=true]:opacity-50 peer-disabled:cursor-not-allowed peer-disabled:opacity-50',
        className,
      )}
      onMouseDown={(event) => {
        if ((event.target as Element).closest('button, input, select, textarea')) return;
        onMouseDown?.(event);
        if (!event.defaultPrevented && event.detail > 1) event.preventDefault();
      }}
      {...props}
    />
  );
}
