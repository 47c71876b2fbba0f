import { cn } from '@consign/ui';
import { useRef } from 'react';
import { LIST_TEXT } from './texts';

export interface StatusTabsProps<T extends string> {
  /** The statuses in order, with their labels; a 全部 tab comes first. */
  options: readonly T[];
  labels: Record<T, string>;
  /** The current status from the address, or undefined for 全部. */
  value: T | undefined;
  onChange: (value: T | undefined) => void;
  label?: string;
  /** Each status's count under the list's other filters; 全部 shows their sum. Absent: no counts. */
  counts?: Partial<Readonly<Record<T, number>>> | undefined;
}

/**
 * Status tabs over a list (WAI-ARIA tabs: arrow keys, Home and End move between them, only the selected
 * one is in the Tab order). Choosing one filters the list; the list itself is the tab panel.
 */
export function StatusTabs<T extends string>({
  options,
  labels,
  value,
  onChange,
  label = LIST_TEXT.statusTabs,
  counts,
}: StatusTabsProps<T>) {
  const listRef = useRef<HTMLDivElement>(null);
  const total = counts ? options.reduce((sum, key) => sum + (counts[key] ?? 0), 0) : undefined;
  const items: { key: T | undefined; text: string; count: number | undefined }[] = [
    { key: undefined, text: LIST_TEXT.all, count: total },
    ...options.map((key) => ({ key, text: labels[key], count: counts ? (counts[key] ?? 0) : undefined })),
  ];
  const selectedIndex = Math.max(
    0,
    items.findIndex((item) => item.key === value),
  );

  const move = (index: number) => {
    const count = items.length;
    const next = (index + count) % count;
    const item = items[next];
    if (!item) return;
    onChange(item.key);
    listRef.current?.querySelectorAll<HTMLButtonElement>('[role=tab]')[next]?.focus();
  };

  return (
    <div
      ref={listRef}
      role="tablist"
      aria-label={label}
      data-slot="status-tabs"
      className="flex flex-wrap gap-1 border-b border-border"
    >
      {items.map((item, index) => {
        const selected = index === selectedIndex;
        return (
          <button
            key={item.key ?? ''}
            type="button"
            role="tab"
            aria-selected={selected}
            tabIndex={selected ? 0 : -1}
            data-state={selected ? 'active' : 'inactive'}
            className={cn(
              '-mb-px cursor-pointer border-b-2 px-3 py-2 text-sm outline-none transition-colors focus-visible:ring-2 focus-visible:ring-ring',
              selected
                ? 'border-primary font-medium text-primary'
                : 'border-transparent text-muted-foreground hover:text-foreground',
            )}
            onClick={() => onChange(item.key)}
            onKeyDown={(event) => {
              if (event.key === 'ArrowRight') move(index + 1);
              else if (event.key === 'ArrowLeft') move(index - 1);
              else if (event.key === 'Home') move(0);
              else if (event.key === 'End') move(items.length - 1);
              else return;
              event.preventDefault();
            }}
          >
            {item.text}
            {item.count === undefined ? null : (
              <span data-slot="tab-count" className="ml-1 text-xs tabular-nums">
                {item.count}
              </span>
            )}
          </button>
        );
      })}
    </div>
  );
}
