import { Dialog, VisuallyHidden } from 'radix-ui';
import type * as React from 'react';

export interface SidebarDrawerProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The dialog's accessible name (visually hidden). */
  title: string;
  /** The sidebar's `<aside>`. */
  children: React.ReactNode;
}

/**
 * The sidebar as a modal drawer below 768px (Radix Dialog: focus trap, Escape, scroll lock, overlay
 * click). The Sidebar loads this module on demand, only in a narrow window, so that a wide window's first
 * paint carries none of the dialog code.
 */
export function SidebarDrawer({ open, onOpenChange, title, children }: SidebarDrawerProps) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay data-slot="sidebar-overlay" className="fixed inset-0 z-50 bg-black/45" />
        <Dialog.Content
          data-slot="sidebar-drawer"
          aria-describedby={undefined}
          className="fixed inset-y-0 left-0 z-50 flex h-full shadow-xl outline-none"
        >
          <VisuallyHidden.Root asChild>
            <Dialog.Title>{title}</Dialog.Title>
          </VisuallyHidden.Root>
          {children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
