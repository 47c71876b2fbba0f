import { roleOf } from '@consign/api-client';
import { currentUserQuery } from '@consign/api-client/query';
import { filterMenuByRole, MenuIcon, type MenuItem } from '@consign/shell';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { usePageTitle } from '../../common/page-title';
import { SetupChecklist } from '../../common/setup-checklist';
import { useMenu } from '../../lib/menu';
import { useApi } from '../../lib/use-api';
import { BalanceCard, Glance } from './glance';
import { DASHBOARD_TEXT } from './texts';

/**
 * 工作台: what the seller's day needs. The balance (with 充值), 新手指引's checklist until every step is
 * done, the counts of what waits (each a link to its list, counted by that list's code) and the last 30
 * days; below them, every page the user may open (role and permissions) as a grid of small cards.
 */
export function WorkbenchPage() {
  const title = usePageTitle();
  const user = useQuery(currentUserQuery(useApi())).data;
  const groups = filterMenuByRole(useMenu(), roleOf(user), user?.permissions);
  return (
    <div data-slot="workbench" className="flex flex-col gap-6">
      <header className="flex flex-wrap items-center justify-between gap-4">
        <div>
          <h1 className="text-xl font-semibold">{title}</h1>
          <p className="mt-1 text-sm text-muted-foreground">{DASHBOARD_TEXT.intro}</p>
        </div>
        <BalanceCard user={user} />
      </header>
      <SetupChecklist whenDone="line" />
      <Glance user={user} />
      <section aria-labelledby="menu-heading" data-slot="menu-grid" className="flex flex-col gap-3">
        <h2 id="menu-heading" className="text-base font-semibold">
          {DASHBOARD_TEXT.menuHeading}
        </h2>
        {groups.map((group) => (
          <MenuGroupSection key={group.path} group={group} />
        ))}
      </section>
    </div>
  );
}

function MenuGroupSection({ group }: { group: MenuItem }) {
  const items = (group.children ?? []).filter((item) => item.path !== '/dashboard/index');
  if (items.length === 0) return null;
  const headingId = `menu-group-${group.path.slice(1)}`;
  return (
    <section aria-labelledby={headingId} className="rounded-lg bg-card p-4 shadow-sm">
      <h3 id={headingId} className="mb-3 flex items-center gap-2 text-sm font-semibold">
        <MenuIcon icon={group.icon} className="size-4 text-primary" />
        {group.title}
      </h3>
      <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4 xl:grid-cols-6">
        {items.map((item) => (
          <li key={item.path}>
            <Link
              // Menu paths are route paths (checked by menu.test.ts); the router types only literals.
              to={item.path as '/'}
              data-slot="menu-card"
              className="flex h-12 items-center justify-center rounded-md border border-border bg-background px-3 text-sm font-medium transition-colors hover:border-link hover:text-link focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
            >
              {item.title}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
