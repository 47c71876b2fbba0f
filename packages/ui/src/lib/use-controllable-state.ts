import { useCallback, useRef, useState } from 'react';

/**
 * State that a parent may control (`value` + `onChange`) or leave to the component (`defaultValue`).
 * The setter always calls `onChange`; it only stores the value itself when uncontrolled.
 */
export function useControllableState<T>({
  value,
  defaultValue,
  onChange,
}: {
  value?: T | undefined;
  defaultValue: T;
  onChange?: ((value: T) => void) | undefined;
}): [T, (next: T) => void] {
  const [inner, setInner] = useState(defaultValue);
  const controlled = value !== undefined;
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;
  const set = useCallback(
    (next: T) => {
      if (!controlled) setInner(next);
      onChangeRef.current?.(next);
    },
    [controlled],
  );
  return [controlled ? value : inner, set];
}
