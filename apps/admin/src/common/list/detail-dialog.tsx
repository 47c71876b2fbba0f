import {
  Button,
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@consign/ui';
import type * as React from 'react';

export interface DetailDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: string;
  /** Label/value pairs shown as a description list. */
  items: ReadonlyArray<readonly [label: string, value: React.ReactNode]>;
  closeText: string;
  /** Anything under the pairs (a goods table). */
  children?: React.ReactNode;
}

/** A read-only record in a dialog: label/value pairs, then free content, and a close button. */
export function DetailDialog({
  open,
  onOpenChange,
  title,
  description,
  items,
  closeText,
  children,
}: DetailDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-2xl" data-slot="detail-dialog">
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          {description ? <DialogDescription>{description}</DialogDescription> : null}
        </DialogHeader>
        <dl className="grid grid-cols-[6rem_1fr] gap-x-4 gap-y-2 text-sm">
          {items.map(([label, value]) => (
            <div key={label} className="contents">
              <dt className="text-muted-foreground">{label}</dt>
              <dd className="break-all">{value}</dd>
            </div>
          ))}
        </dl>
        {children}
        <DialogFooter>
          <DialogClose asChild>
            <Button type="button">{closeText}</Button>
          </DialogClose>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
