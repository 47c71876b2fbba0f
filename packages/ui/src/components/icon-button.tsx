import { cva, type VariantProps } from 'class-variance-authority';
import { cn } from '../lib/cn';
import { Button, type ButtonProps } from './button';

export const iconButtonVariants = cva('px-0', {
  variants: {
    size: { sm: 'size-7', md: 'size-8', lg: 'size-10' },
  },
  defaultVariants: { size: 'md' },
});

export type IconButtonProps = Omit<ButtonProps, 'aria-label' | 'size'> &
  VariantProps<typeof iconButtonVariants> & {
    /** The button shows only an icon, so its accessible name is required. */
    'aria-label': string;
  };

/** A square button holding an icon; `aria-label` names it for screen readers and the tooltip-less. */
export function IconButton({ className, size, variant = 'ghost', ...props }: IconButtonProps) {
  return (
    <Button
      data-slot="icon-button"
      variant={variant}
      className={cn(iconButtonVariants({ size }), className)}
      {...props}
      data-size={size ?? 'md'}
    />
  );
}
