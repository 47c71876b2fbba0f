import * as React from 'react';

/*
 * A Field's wiring of its control, apart from field.tsx (the label and its Radix Label): a control
 * drawn without a Field (the sidebar's 暗色菜单 switch) does not load the Field.
 */

/** The props a Field hands to its control so the label, help text and error belong to it. */
export interface FieldControlProps {
  id: string;
  'aria-describedby'?: string;
  'aria-invalid'?: true;
  'aria-required'?: true;
  disabled?: boolean;
}

export const FieldContext = React.createContext<FieldControlProps | null>(null);

/** The wiring of the enclosing Field, or null outside one. Controls of this package call it themselves. */
export function useFieldControl(): FieldControlProps | null {
  return React.useContext(FieldContext);
}

/**
 * Merge the Field's wiring into a control's own props; the control's explicit props win, and
 * `aria-describedby` lists both.
 */
export function useFieldControlProps<
  P extends {
    id?: string | undefined;
    'aria-describedby'?: string | undefined;
    'aria-invalid'?: unknown;
    'aria-required'?: unknown;
    disabled?: boolean | undefined;
  },
>(props: P): P {
  const field = useFieldControl();
  if (!field) return props;
  const describedBy = [field['aria-describedby'], props['aria-describedby']].filter(Boolean).join(' ');
  return {
    ...props,
    id: props.id ?? field.id,
    'aria-describedby': describedBy || undefined,
    'aria-invalid': props['aria-invalid'] ?? field['aria-invalid'],
    'aria-required': props['aria-required'] ?? field['aria-required'],
    disabled: props.disabled ?? field.disabled,
  } as P;
}
