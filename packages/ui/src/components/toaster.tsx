import type * as React from 'react';
import { Toaster as Sonner, type ToasterProps, toast } from 'sonner';
import { copy } from '../copy';
import { CircleCheckIcon, CircleXIcon, InfoIcon, LoaderIcon, TriangleAlertIcon } from '../lib/icons';

export type { ToasterProps };
export { toast };

/**
 * Sonner's toaster in our tokens: it follows the theme of the element it sits in (`.dark` on an
 * ancestor), and `toast.success / info / warning / error` get our status colours. Mount it once near the
 * root; call `toast(...)` from anywhere.
 */
export function Toaster({ style, toastOptions, ...props }: ToasterProps) {
  return (
    <Sonner
      position="top-center"
      containerAriaLabel={copy.notifications}
      icons={{
        success: <CircleCheckIcon className="size-4 text-success" />,
        info: <InfoIcon className="size-4 text-info" />,
        warning: <TriangleAlertIcon className="size-4 text-warning" />,
        error: <CircleXIcon className="size-4 text-error" />,
        loading: <LoaderIcon className="size-4 animate-spin text-link" />,
      }}
      style={
        {
          '--normal-bg': 'var(--popover)',
          '--normal-text': 'var(--popover-foreground)',
          '--normal-border': 'var(--border)',
          '--border-radius': 'var(--radius)',
          fontFamily: 'var(--font-family-sans)',
          ...style,
        } as React.CSSProperties
      }
      toastOptions={{
        closeButtonAriaLabel: copy.close,
        ...toastOptions,
        classNames: {
          toast: 'shadow-md',
          description: '!text-muted-foreground',
          ...toastOptions?.classNames,
        },
      }}
      {...props}
    />
  );
}
