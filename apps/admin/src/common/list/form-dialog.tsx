import {
  Button,
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@consign/ui';
import type { FormEvent, ReactNode } from 'react';
import { LIST_TEXT } from './texts';
import { useSubmitOnce } from './use-submit-once';

export interface FormDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: ReactNode;
  /** The form's submit handler (it prevents the default itself, e.g. `form.handleSubmit(...)`). */
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  /** While saving: the confirm button is disabled and says 保存中…, and a submit is dropped (`useSubmitOnce`). */
  pending: boolean;
  /** Spacing of the fields (default `gap-3`). */
  className?: string;
  /** The fields. */
  children: ReactNode;
}

/** A dialog holding one form: title, the fields, 取消 and 确定 (保存中… while saving). */
export function FormDialog({
  open,
  onOpenChange,
  title,
  description,
  onSubmit,
  pending,
  className = 'gap-3',
  children,
}: FormDialogProps) {
  const submit = useSubmitOnce(onSubmit, pending);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <form noValidate className={`flex flex-col ${className}`} {...submit}>
          <DialogHeader>
            <DialogTitle>{title}</DialogTitle>
            {description !== undefined ? <DialogDescription>{description}</DialogDescription> : null}
          </DialogHeader>
          {children}
          <DialogFooter>
            <Button type="button" onClick={() => onOpenChange(false)}>
              {LIST_TEXT.cancel}
            </Button>
            <Button type="submit" variant="primary" disabled={pending}>
              {pending ? LIST_TEXT.saving : LIST_TEXT.confirm}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
