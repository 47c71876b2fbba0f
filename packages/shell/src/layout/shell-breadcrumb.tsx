import { cn } from '@consign/ui';
import { Breadcrumb, type BreadcrumbItem } from '@consign/ui/components/breadcrumb';
import { useMatches } from '@tanstack/react-router';
import { shellCopy } from '../copy';
import { PathLink } from '../lib/router-link';
import { breadcrumbTrail, type TitledMatchLike } from '../title/titles';

/**
 * The route trail, from `staticData.title` of the matched routes; rendered only when more than one
 * titled route matches (docs/product.md#screens-and-routes).
 */
export function ShellBreadcrumb({ className }: { className?: string }) {
  const trail = useMatches({
    select: (matches) => breadcrumbTrail(matches as unknown as TitledMatchLike[]),
  });
  if (trail.length === 0) return null;
  const items: BreadcrumbItem[] = trail.map((match) => ({
    key: match.id,
    title: match.title,
    href: match.pathname,
  }));
  return (
    <Breadcrumb
      items={items}
      label={shellCopy.breadcrumb}
      className={cn('px-4 pt-3 md:px-6', className)}
      renderLink={({ href, className: linkClass, children }) => (
        <PathLink to={href} className={linkClass}>
          {children}
        </PathLink>
      )}
    />
  );
}
