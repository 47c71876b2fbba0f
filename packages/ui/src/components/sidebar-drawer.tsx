import { Dialog, VisuallyHidden } from 'radix-ui';
import type * as React from 'react';

/**
 * The sidebar below `MOBILE_BREAKPOINT`: a modal drawer (Radix Dialog: focus trap, Escape, scroll
 * lock, overlay click). `Sidebar` loads this module when the drawer first opens.
 */
export default function SidebarDrawer({
  open,
  onOpenChange,
  title,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  children: React.ReactNode;
}) {
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
