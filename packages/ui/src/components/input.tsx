import { cva, type VariantProps } from 'class-variance-authority';
import * as React from 'react';
import { copy } from '../copy';
import { cn } from '../lib/cn';
import { CircleXIcon } from '../lib/icons';
import { useFieldControlProps } from './field-control';

export const inputVariants = cva(
  'flex w-full min-w-0 items-center gap-1.5 rounded-md border border-input bg-card text-card-foreground shadow-xs transition-[color,box-shadow,border-color] has-[input:focus-visible]:border-link has-[input:focus-visible]:ring-2 has-[input:focus-visible]:ring-ring/30 has-[input[aria-invalid=true]]:border-error has-[input:disabled]:cursor-not-allowed has-[input:disabled]:bg-muted has-[input:disabled]:opacity-60 hover:border-link',
  {
    variants: {
      size: { sm: 'h-7 px-2 text-xs', md: 'h-8 px-3 text-sm', lg: 'h-10 px-3 text-base' },
    },
    defaultVariants: { size: 'md' },
  },
);

export type InputProps = Omit<React.ComponentProps<'input'>, 'prefix' | 'size'> &
  VariantProps<typeof inputVariants> & {
    /** Shown inside the box before the text (an icon, `+86`). */
    prefix?: React.ReactNode;
    /** Shown inside the box after the text (a unit, a button). */
    suffix?: React.ReactNode;
    /** Show a 清除 button while there is text; it empties the input through `onChange`. */
    allowClear?: boolean;
    /** Called after the clear button emptied the input. */
    onClear?: () => void;
    /** Class names of the outer box (the input's own `className` styles the <input>). */
    wrapperClassName?: string;
  };

/** Sets an input's value the way typing does, so React's onChange runs for controlled inputs too. */
function setNativeValue(input: HTMLInputElement, value: string) {
  const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
  setter?.call(input, value);
  input.dispatchEvent(new Event('input', { bubbles: true }));
}

export function Input(allProps: InputProps) {
  const {
    className,
    wrapperClassName,
    size,
    prefix,
    suffix,
    allowClear = false,
    onClear,
    onChange,
    ref,
    ...props
  } = useFieldControlProps(allProps);
  const innerRef = React.useRef<HTMLInputElement | null>(null);
  const setRefs = React.useCallback(
    (node: HTMLInputElement | null) => {
      innerRef.current = node;
      if (typeof ref === 'function') ref(node);
      else if (ref) ref.current = node;
    },
    [ref],
  );
  // The clear button needs to know whether there is text, controlled or not.
  const [uncontrolledValue, setUncontrolledValue] = React.useState(String(props.defaultValue ?? ''));
  const hasText = String(props.value ?? uncontrolledValue) !== '';
  const canClear = allowClear && hasText && !props.disabled && !props.readOnly;

  const handleChange = (event: React.ChangeEvent<HTMLInputElement>) => {
    setUncontrolledValue(event.target.value);
    onChange?.(event);
  };
  const clear = () => {
    const input = innerRef.current;
    if (!input) return;
    setNativeValue(input, '');
    input.focus();
    onClear?.();
  };

  return (
    <span
      data-slot="input-wrapper"
      data-size={size ?? 'md'}
      className={cn(inputVariants({ size }), wrapperClassName)}
    >
      {prefix ? (
        <span data-slot="input-prefix" className="flex shrink-0 items-center text-muted-foreground">
          {prefix}
        </span>
      ) : null}
      <input
        ref={setRefs}
        data-slot="input"
        className={cn(
          'h-full w-full min-w-0 flex-1 bg-transparent outline-none placeholder:text-muted-foreground disabled:cursor-not-allowed',
          className,
        )}
        onChange={handleChange}
        {...props}
      />
      {canClear ? (
        <button
          type="button"
          data-slot="input-clear"
          aria-label={copy.clear}
          onClick={clear}
          className="flex shrink-0 cursor-pointer items-center rounded-full text-muted-foreground outline-none hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring"
        >
          <CircleXIcon className="size-3.5" />
        </button>
      ) : null}
      {suffix ? (
        <span data-slot="input-suffix" className="flex shrink-0 items-center text-muted-foreground">
          {suffix}
        </span>
      ) : null}
    </span>
  );
}
