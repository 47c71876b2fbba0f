import { describe, expect, it } from 'vitest';
import { cn } from './cn';

describe('cn', () => {
  it('keeps classes of different groups that share a prefix', () => {
    expect(cn('text-[13px] text-red-500')).toBe('text-[13px] text-red-500');
    expect(cn('text-sm text-muted-foreground')).toBe('text-sm text-muted-foreground');
    expect(cn('bg-[url(/a.png)] bg-red-500')).toBe('bg-[url(/a.png)] bg-red-500');
    expect(cn('stroke-2 stroke-red-500')).toBe('stroke-2 stroke-red-500');
    expect(cn('border-2 border-primary')).toBe('border-2 border-primary');
  });

  it('lets a later class of the same group win', () => {
    expect(cn('px-2 px-4')).toBe('px-4');
    expect(cn('px-2 h-8', 'h-10')).toBe('px-2 h-10');
    expect(cn('bg-primary', 'bg-destructive')).toBe('bg-destructive');
    expect(cn('px-4 py-2', 'p-3')).toBe('p-3');
    expect(cn('text-[13px]', 'text-sm')).toBe('text-sm');
    expect(cn('hover:bg-accent bg-card', 'hover:bg-primary')).toBe('bg-card hover:bg-primary');
    expect(cn('h-10', 'size-8')).toBe('size-8');
  });

  it("knows the design system's own animations", () => {
    expect(cn('animate-fade-in', 'animate-pop-in')).toBe('animate-pop-in');
    expect(cn('animate-slide-down', 'animate-none')).toBe('animate-none');
  });

  it('accepts what clsx accepts', () => {
    expect(cn('my-class', ['another'], false, undefined, null, { on: true, off: false })).toBe(
      'my-class another on',
    );
  });
});
