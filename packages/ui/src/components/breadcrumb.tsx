import type * as React from 'react';
import { cn } from '../lib/cn';

/** Default texts; pass `label` to translate. */
export const breadcrumbCopy = { label: '面包屑' } as const;

export interface BreadcrumbItem {
  /** Stable key; defaults to the path or the title. */
  key?: string;
  title: React.ReactNode;
  /** Same-origin path or URL; the last item is never a link (it is the current page). */
  href?: string;
}

export interface BreadcrumbLinkRenderProps {
  item: BreadcrumbItem;
  href: string;
  className: string;
  children: React.ReactNode;
}

export type BreadcrumbProps = Omit<React.ComponentProps<'nav'>, 'children'> & {
  items: BreadcrumbItem[];
  /** Render a router link; default `<a href>`. */
  renderLink?: (props: BreadcrumbLinkRenderProps) => React.ReactNode;
  /** Shown between items; default a slash. */
  separator?: React.ReactNode;
  /** Accessible name of the landmark; default `面包屑`. */
  label?: string;
};

function defaultRenderLink({ href, className, children }: BreadcrumbLinkRenderProps) {
  return (
    <a href={href} className={className}>
      {children}
    </a>
  );
}

/** Where the page sits: a `<nav>` landmark with an ordered list; the last item is the current page. */
export function Breadcrumb({
  items,
  renderLink = defaultRenderLink,
  separator = '/',
  label = breadcrumbCopy.label,
  className,
  ...props
}: BreadcrumbProps) {
  return (
    <nav data-slot="breadcrumb" aria-label={label} className={cn('text-sm', className)} {...props}>
      <ol data-slot="breadcrumb-list" className="flex flex-wrap items-center gap-1.5 text-muted-foreground">
        {items.map((item, index) => {
          const last = index === items.length - 1;
          const key = item.key ?? item.href ?? `${index}`;
          return (
            <li key={key} data-slot="breadcrumb-item" className="inline-flex items-center gap-1.5">
              {last || !item.href ? (
                <span
                  data-slot="breadcrumb-page"
                  aria-current={last ? 'page' : undefined}
                  className={cn(last && 'font-medium text-foreground')}
                >
                  {item.title}
                </span>
              ) : (
                renderLink({
                  item,
                  href: item.href,
                  className:
                    'rounded-sm transition-colors hover:text-primary outline-none focus-visible:ring-2 focus-visible:ring-ring',
                  children: item.title,
                })
              )}
              {!last && (
                <span
                  data-slot="breadcrumb-separator"
                  aria-hidden="true"
                  className="text-muted-foreground/70"
                >
                  {separator}
                </span>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
