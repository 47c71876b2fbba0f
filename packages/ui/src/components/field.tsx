import * as React from 'react';
import { cn } from '../lib/cn';
import { FieldContext, type FieldControlProps } from './field-control';
import { Label } from './label';

export type FieldProps = Omit<React.ComponentProps<'div'>, 'children'> & {
  /** The control's label. */
  label?: React.ReactNode;
  /** Help text under the control. */
  description?: React.ReactNode;
  /** An error message; when set the control is marked `aria-invalid` and the message is announced. */
  error?: React.ReactNode;
  required?: boolean;
  disabled?: boolean;
  /** The control's id; generated when absent. */
  id?: string;
  /** `horizontal` puts a checkbox or switch before its label. */
  orientation?: 'vertical' | 'horizontal';
  /**
   * The control. Controls of this package (Input, Checkbox, Switch, SelectTrigger) pick up the
   * wiring themselves; any other control can take it from a render function: `{(props) => <input {...props} />}`.
   */
  children: React.ReactNode | ((control: FieldControlProps) => React.ReactNode);
};

/** A form field: label, control, help text and error, wired together with ids and ARIA attributes. */
export function Field({
  className,
  label,
  description,
  error,
  required = false,
  disabled,
  id,
  orientation = 'vertical',
  children,
  ...props
}: FieldProps) {
  const generated = React.useId();
  const controlId = id ?? `field-${generated}`;
  const descriptionId = `${controlId}-description`;
  const errorId = `${controlId}-error`;
  const hasError = error !== undefined && error !== null && error !== false && error !== '';
  const describedBy = [description ? descriptionId : null, hasError ? errorId : null]
    .filter(Boolean)
    .join(' ');

  const control = React.useMemo<FieldControlProps>(
    () => ({
      id: controlId,
      ...(describedBy ? { 'aria-describedby': describedBy } : {}),
      ...(hasError ? { 'aria-invalid': true as const } : {}),
      ...(required ? { 'aria-required': true as const } : {}),
      ...(disabled !== undefined ? { disabled } : {}),
    }),
    [controlId, describedBy, hasError, required, disabled],
  );

  const labelNode = label ? (
    <Label htmlFor={controlId} data-slot="field-label">
      {label}
      {required ? (
        <span aria-hidden="true" className="text-error">
          *
        </span>
      ) : null}
    </Label>
  ) : null;
  const controlNode = (
    <FieldContext.Provider value={control}>
      {typeof children === 'function' ? children(control) : children}
    </FieldContext.Provider>
  );

  return (
    <div
      data-slot="field"
      data-orientation={orientation}
      data-invalid={hasError || undefined}
      data-disabled={disabled || undefined}
      className={cn('group flex flex-col gap-1.5', className)}
      {...props}
    >
      {orientation === 'horizontal' ? (
        <div className="flex items-center gap-2">
          {controlNode}
          {labelNode}
        </div>
      ) : (
        <>
          {labelNode}
          {controlNode}
        </>
      )}
      {description ? <FieldDescription id={descriptionId}>{description}</FieldDescription> : null}
      {hasError ? <FieldError id={errorId}>{error}</FieldError> : null}
    </div>
  );
}

export function FieldDescription({ className, ...props }: React.ComponentProps<'p'>) {
  return (
    <p data-slot="field-description" className={cn('text-xs text-muted-foreground', className)} {...props} />
  );
}

/** An error message under a control; announced (role alert) when it appears. Renders nothing when empty. */
export function FieldError({ className, children, ...props }: React.ComponentProps<'p'>) {
  if (children === undefined || children === null || children === false || children === '') return null;
  return (
    <p data-slot="field-error" role="alert" className={cn('text-xs text-error', className)} {...props}>
      {children}
    </p>
  );
}
