import { AlertDialog as AlertDialogPrimitive } from 'radix-ui';
import * as React from 'react';
import { copy } from '../copy';
import { cn } from '../lib/cn';
import { TriangleAlertIcon } from '../lib/icons';
import { useControllableState } from '../lib/use-controllable-state';
import { Button } from './button';
import { dialogSurfaceClassName, overlayClassName } from './dialog';

export type ConfirmDialogProps = {
  /** The element that opens the dialog (rendered asChild); leave out when you control `open`. */
  trigger?: React.ReactNode;
  open?: boolean;
  defaultOpen?: boolean;
  onOpenChange?: (open: boolean) => void;
  title: React.ReactNode;
  description?: React.ReactNode;
  /** Default 确定. */
  confirmText?: React.ReactNode;
  /** Default 取消. */
  cancelText?: React.ReactNode;
  /** `danger` paints the confirm button red, for deletes and other acts that cannot be undone. */
  variant?: 'default' | 'danger';
  /**
   * Runs on confirm. Return a promise to keep the dialog open with a busy confirm button until it
   * settles: it closes when the promise resolves and stays open when it rejects (show the error where
   * you handle it, e.g. a toast; the rejection is not rethrown).
   */
  onConfirm: () => unknown;
  onCancel?: () => void;
  className?: string;
  children?: React.ReactNode;
};

function isPromiseLike(value: unknown): value is PromiseLike<unknown> {
  return typeof (value as PromiseLike<unknown> | null)?.then === 'function';
}

/** A Radix AlertDialog that asks before an action (role alertdialog, focus on 取消, no close on outside click). */
export function ConfirmDialog({
  trigger,
  open: openProp,
  defaultOpen = false,
  onOpenChange,
  title,
  description,
  confirmText = copy.confirm,
  cancelText = copy.cancel,
  variant = 'default',
  onConfirm,
  onCancel,
  className,
  children,
}: ConfirmDialogProps) {
  const [open, setOpen] = useControllableState({
    value: openProp,
    defaultValue: defaultOpen,
    onChange: onOpenChange,
  });
  const [pending, setPending] = React.useState(false);
  const mounted = React.useRef(true);
  React.useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const confirm = async () => {
    const result = onConfirm();
    if (!isPromiseLike(result)) {
      setOpen(false);
      return;
    }
    setPending(true);
    try {
      await result;
      if (mounted.current) setOpen(false);
    } catch {
      // Stay open so the user can retry or cancel; the caller reports the failure.
    } finally {
      if (mounted.current) setPending(false);
    }
  };

  const handleOpenChange = (next: boolean) => {
    if (pending && !next) return; // no closing while the action runs
    if (!next) onCancel?.();
    setOpen(next);
  };

  return (
    <AlertDialogPrimitive.Root open={open} onOpenChange={handleOpenChange}>
      {trigger ? <AlertDialogPrimitive.Trigger asChild>{trigger}</AlertDialogPrimitive.Trigger> : null}
      <AlertDialogPrimitive.Portal>
        <AlertDialogPrimitive.Overlay data-slot="confirm-dialog-overlay" className={overlayClassName} />
        <AlertDialogPrimitive.Content
          data-slot="confirm-dialog"
          data-variant={variant}
          aria-busy={pending || undefined}
          className={cn(dialogSurfaceClassName, 'sm:max-w-md', className)}
        >
          <div className="flex gap-3">
            {variant === 'danger' ? (
              <TriangleAlertIcon
                data-slot="confirm-dialog-icon"
                className="mt-0.5 size-5 shrink-0 text-error"
              />
            ) : null}
            <div className="flex flex-col gap-2">
              <AlertDialogPrimitive.Title
                data-slot="confirm-dialog-title"
                className="text-base font-semibold"
              >
                {title}
              </AlertDialogPrimitive.Title>
              {description ? (
                <AlertDialogPrimitive.Description
                  data-slot="confirm-dialog-description"
                  className="text-sm text-muted-foreground"
                >
                  {description}
                </AlertDialogPrimitive.Description>
              ) : null}
              {children}
            </div>
          </div>
          <div data-slot="confirm-dialog-footer" className="flex justify-end gap-2">
            <AlertDialogPrimitive.Cancel asChild>
              <Button data-slot="confirm-dialog-cancel" disabled={pending}>
                {cancelText}
              </Button>
            </AlertDialogPrimitive.Cancel>
            <Button
              data-slot="confirm-dialog-confirm"
              variant={variant === 'danger' ? 'danger' : 'primary'}
              loading={pending}
              onClick={confirm}
            >
              {confirmText}
            </Button>
          </div>
        </AlertDialogPrimitive.Content>
      </AlertDialogPrimitive.Portal>
    </AlertDialogPrimitive.Root>
  );
}
