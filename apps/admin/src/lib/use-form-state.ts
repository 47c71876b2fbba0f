import { type FormEvent, useCallback, useState } from 'react';

export type FormErrors<V> = Partial<Record<keyof V, string>>;

/**
 * The state of one form: its values and errors. A field that shows an error is re-validated as it is
 * typed; `submit(onValid)` validates everything and calls `onValid` only when nothing is wrong (typed
 * values are kept when saving then fails, since nothing here resets them); `reset(values)` starts over
 * from new values (a saved record, a dialog opened on another row).
 */
export function useFormState<V extends object>(
  initial: V | (() => V),
  validate: (values: V) => FormErrors<V>,
) {
  const [values, setValues] = useState<V>(initial);
  const [errors, setErrors] = useState<FormErrors<V>>({});
  const set = <K extends keyof V>(key: K, value: V[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    if (errors[key]) setErrors((e) => ({ ...e, [key]: validate({ ...values, [key]: value })[key] }));
  };
  const submit = (onValid: (values: V) => void) => (event: FormEvent) => {
    event.preventDefault();
    const found = validate(values);
    setErrors(found);
    if (Object.keys(found).length === 0) onValid(values);
  };
  const reset = useCallback((next: V) => {
    setValues(next);
    setErrors({});
  }, []);
  return { values, setValues, errors, set, submit, reset };
}
