import { cva } from 'class-variance-authority';
import * as React from 'react';
import { cn } from '../lib/cn';

/** Default texts; pass `copy` to translate. */
export const paginationCopy = {
  label: '分页',
  total: (total: number) => `共 ${total} 条`,
  page: (page: number) => `第 ${page} 页`,
  prev: '上一页',
  next: '下一页',
  jumpPrev: (step: number) => `向前 ${step} 页`,
  jumpNext: (step: number) => `向后 ${step} 页`,
  pageSize: '每页条数',
  pageSizeOption: (size: number) => `${size} 条/页`,
  jumpTo: '跳至',
  jumpToSuffix: '页',
};
export type PaginationCopy = typeof paginationCopy;

/** How many pages an ellipsis button jumps. */
export const PAGINATION_JUMP = 5;

export const paginationItemVariants = cva(
  'inline-flex h-8 min-w-8 items-center justify-center rounded-md border px-2 text-sm tabular-nums transition-colors outline-none focus-visible:ring-2 focus-visible:ring-ring disabled:pointer-events-none disabled:opacity-50',
  {
    variants: {
      active: {
        true: 'border-primary bg-card font-medium text-primary',
        false: 'border-transparent text-foreground hover:bg-muted',
      },
    },
    defaultVariants: { active: false },
  },
);

export type PaginationPart = number | 'jump-prev' | 'jump-next';

/**
 * The page buttons to show: every page when there are at most 9, otherwise the first and last page, two
 * pages each side of the current one, and an ellipsis (a jump of 5 pages) where pages are left out.
 */
export function paginationParts(current: number, pageCount: number): PaginationPart[] {
  if (pageCount <= 9) return Array.from({ length: pageCount }, (_, i) => i + 1);
  let start = Math.max(2, current - 2);
  let end = Math.min(pageCount - 1, current + 2);
  if (current <= 4) end = 5;
  if (current >= pageCount - 3) start = pageCount - 4;
  const parts: PaginationPart[] = [1];
  if (start > 2) parts.push('jump-prev');
  for (let page = start; page <= end; page++) parts.push(page);
  if (end < pageCount - 1) parts.push('jump-next');
  parts.push(pageCount);
  return parts;
}

/** The number of pages (at least 1, so an empty list still reads "page 1 of 1"). */
export function pageCountOf(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(Math.max(0, total) / Math.max(1, pageSize)));
}

/**
 * The page that keeps the first record of the current page in view after the page size changes:
 * record (current-1)*oldSize+1 lands on page floor((current-1)*oldSize/newSize)+1. This is the
 * page-size policy: a user who changes the size on page 7 keeps reading where they were instead of
 * being sent back to page 1.
 */
export function pageAfterSizeChange(
  current: number,
  oldSize: number,
  newSize: number,
  total: number,
): number {
  const page = Math.floor(((current - 1) * oldSize) / newSize) + 1;
  return Math.min(Math.max(1, page), pageCountOf(total, newSize));
}

export type PaginationProps = Omit<React.ComponentProps<'nav'>, 'onChange'> & {
  /** The current page, from 1. Controlled. */
  current: number;
  pageSize: number;
  total: number;
  /** Called with the new page and page size. After a page-size change the page keeps the first visible record in view. */
  onChange: (page: number, pageSize: number) => void;
  /** Default 10, 20, 50, 100. */
  pageSizeOptions?: number[];
  disabled?: boolean;
  showTotal?: boolean;
  showSizeChanger?: boolean;
  showQuickJumper?: boolean;
  copy?: Partial<PaginationCopy>;
};

function Chevron({ direction }: { direction: 'left' | 'right' }) {
  return (
    <svg
      viewBox="0 0 24 24"
      width="14"
      height="14"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      aria-hidden="true"
    >
      <path d={direction === 'left' ? 'm15 18-6-6 6-6' : 'm9 18 6-6-6-6'} />
    </svg>
  );
}

/** Page navigation for lists: total, page buttons with 5-page jumps, page size, and jump to a page. */
export function Pagination({
  current,
  pageSize,
  total,
  onChange,
  pageSizeOptions = [10, 20, 50, 100],
  disabled = false,
  showTotal = true,
  showSizeChanger = true,
  showQuickJumper = true,
  copy: copyOverride,
  className,
  ...props
}: PaginationProps) {
  const t = { ...paginationCopy, ...copyOverride };
  const pageCount = pageCountOf(total, pageSize);
  const page = Math.min(Math.max(1, current), pageCount);
  const [jump, setJump] = React.useState('');
  const sizes = pageSizeOptions.includes(pageSize)
    ? pageSizeOptions
    : [...pageSizeOptions, pageSize].sort((a, b) => a - b);

  const go = (next: number) => {
    const target = Math.min(Math.max(1, next), pageCount);
    if (target !== page) onChange(target, pageSize);
  };

  const applyJump = () => {
    const trimmed = jump.trim();
    setJump('');
    if (!/^\d+$/.test(trimmed)) return;
    go(Number.parseInt(trimmed, 10));
  };

  return (
    <nav
      data-slot="pagination"
      aria-label={t.label}
      data-disabled={disabled ? '' : undefined}
      className={cn('flex flex-wrap items-center justify-end gap-2 text-sm text-foreground', className)}
      {...props}
    >
      {showTotal && (
        <span data-slot="pagination-total" className="mr-1 text-muted-foreground">
          {t.total(total)}
        </span>
      )}
      <ul data-slot="pagination-list" className="flex items-center gap-1">
        <li>
          <button
            type="button"
            data-slot="pagination-prev"
            aria-label={t.prev}
            disabled={disabled || page <= 1}
            onClick={() => go(page - 1)}
            className={paginationItemVariants()}
          >
            <Chevron direction="left" />
          </button>
        </li>
        {paginationParts(page, pageCount).map((part) =>
          typeof part === 'number' ? (
            <li key={part}>
              <button
                type="button"
                data-slot="pagination-item"
                data-state={part === page ? 'active' : 'inactive'}
                aria-label={t.page(part)}
                aria-current={part === page ? 'page' : undefined}
                disabled={disabled}
                onClick={() => go(part)}
                className={paginationItemVariants({ active: part === page })}
              >
                {part}
              </button>
            </li>
          ) : (
            <li key={part}>
              <button
                type="button"
                data-slot="pagination-ellipsis"
                aria-label={part === 'jump-prev' ? t.jumpPrev(PAGINATION_JUMP) : t.jumpNext(PAGINATION_JUMP)}
                title={part === 'jump-prev' ? t.jumpPrev(PAGINATION_JUMP) : t.jumpNext(PAGINATION_JUMP)}
                disabled={disabled}
                onClick={() => go(part === 'jump-prev' ? page - PAGINATION_JUMP : page + PAGINATION_JUMP)}
                className={cn(
                  paginationItemVariants(),
                  'tracking-widest text-muted-foreground hover:text-primary',
                )}
              >
                •••
              </button>
            </li>
          ),
        )}
        <li>
          <button
            type="button"
            data-slot="pagination-next"
            aria-label={t.next}
            disabled={disabled || page >= pageCount}
            onClick={() => go(page + 1)}
            className={paginationItemVariants()}
          >
            <Chevron direction="right" />
          </button>
        </li>
      </ul>
      {showSizeChanger && (
        <select
          data-slot="pagination-size"
          aria-label={t.pageSize}
          value={pageSize}
          disabled={disabled}
          onChange={(event) => {
            const size = Number(event.target.value);
            onChange(pageAfterSizeChange(page, pageSize, size, total), size);
          }}
          className="h-8 rounded-md border border-input bg-card px-2 text-sm text-foreground outline-none focus-visible:ring-2 focus-visible:ring-ring disabled:opacity-50"
        >
          {sizes.map((size) => (
            <option key={size} value={size}>
              {t.pageSizeOption(size)}
            </option>
          ))}
        </select>
      )}
      {showQuickJumper && (
        <label data-slot="pagination-jump" className="inline-flex items-center gap-1.5 text-muted-foreground">
          {t.jumpTo}
          <input
            type="text"
            inputMode="numeric"
            aria-label={`${t.jumpTo}${t.jumpToSuffix}`}
            value={jump}
            disabled={disabled}
            maxLength={9}
            onChange={(event) => setJump(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter') {
                event.preventDefault();
                applyJump();
              }
            }}
            className="h-8 w-12 rounded-md border border-input bg-card px-2 text-center text-sm text-foreground outline-none focus-visible:ring-2 focus-visible:ring-ring disabled:opacity-50"
          />
          {t.jumpToSuffix}
        </label>
      )}
    </nav>
  );
}
