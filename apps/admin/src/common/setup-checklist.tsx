import { hasPermission, type Permission, SETUP_STEPS, type SetupStep } from '@consign/api-client';
import { apiQuery, currentUserQuery } from '@consign/api-client/query';
import { Button, cn } from '@consign/ui';
import { useQuery } from '@tanstack/react-query';
import { Link, linkOptions } from '@tanstack/react-router';
import { useApi } from '../lib/use-api';
import { COMMON_TEXT } from './texts';

const text = COMMON_TEXT.setup;

/** Where each step is done, and who may do it there (the page's own permission). */
const STEP_LINKS = {
  shop: { link: linkOptions({ to: '/shop/setting' }), permission: 'shop:manage' },
  supplier: { link: linkOptions({ to: '/system/setting' }), permission: 'setting:manage' },
  sender_address: { link: linkOptions({ to: '/system/address' }), permission: 'setting:manage' },
  auto_pay: { link: linkOptions({ to: '/system/setting' }), permission: 'setting:manage' },
  top_up: {
    link: linkOptions({ to: '/finance/balance', search: { topup: '1' } }),
    permission: 'finance:manage',
  },
} as const satisfies Record<SetupStep, { link: unknown; permission: Permission }>;

/**
 * 新手指引 as a checklist (工作台 and 新手指引): each step of `SETUP_STEPS` ticked from the account's own
 * state (`setup` of `/api/dashboard/summary`, the server decides), with a link to where it is done for a
 * user who may do it there. `whenDone: 'line'` (工作台): once every step is done, one line linking to
 * 新手指引; until the summary arrives, a line of that height. Nothing for a user without order:view.
 */
export function SetupChecklist({ whenDone }: { whenDone: 'line' | 'list' }) {
  const api = useApi();
  const user = useQuery(currentUserQuery(api)).data;
  const canView = hasPermission(user, 'order:view');
  const setup = useQuery({ ...apiQuery(api, '/api/dashboard/summary'), enabled: canView }).data?.setup;
  if (!canView) return null;
  const done = SETUP_STEPS.filter((step) => setup?.[step]).length;
  const shell = 'rounded-lg bg-card p-4 shadow-sm';
  if (!setup || (whenDone === 'line' && done === SETUP_STEPS.length)) {
    return (
      <p
        data-slot="setup-checklist"
        aria-busy={!setup}
        className={cn(shell, 'flex h-14 items-center gap-2 text-sm')}
      >
        {setup ? (
          <>
            <Tick className="size-5" />
            {text.allDone}
            <Link to="/dashboard/guide" className="ml-auto text-link underline-offset-4 hover:underline">
              {text.guide}
            </Link>
          </>
        ) : null}
      </p>
    );
  }
  return (
    <section aria-labelledby="setup-heading" data-slot="setup-checklist" className={shell}>
      <div className="mb-3 flex flex-wrap items-baseline gap-x-3 gap-y-1">
        <h2 id="setup-heading" className="text-base font-semibold">
          {text.heading}
        </h2>
        <span className="text-sm text-muted-foreground">{text.progress(done, SETUP_STEPS.length)}</span>
        {whenDone === 'line' ? (
          <Link
            to="/dashboard/guide"
            className="ml-auto text-sm text-link underline-offset-4 hover:underline"
          >
            {text.guide}
          </Link>
        ) : null}
      </div>
      <ol className="grid gap-3 sm:grid-cols-2 xl:grid-cols-5">
        {SETUP_STEPS.map((step, index) => {
          const isDone = !!setup[step];
          const where = STEP_LINKS[step];
          return (
            <li
              key={step}
              data-slot="setup-step"
              data-done={isDone}
              className="flex gap-3 rounded-md border border-border bg-background p-3"
            >
              {isDone ? (
                <Tick className="size-6 shrink-0" />
              ) : (
                <span
                  aria-hidden="true"
                  className="flex size-6 shrink-0 items-center justify-center rounded-full border border-border text-xs font-semibold text-muted-foreground"
                >
                  {index + 1}
                </span>
              )}
              <div className="flex min-w-0 flex-col gap-1">
                <h3 className={cn('text-sm font-medium', isDone && 'text-muted-foreground line-through')}>
                  {text.steps[step].title}
                  <span className="sr-only">（{isDone ? text.done : text.todo}）</span>
                </h3>
                {isDone ? null : (
                  <p className="text-xs leading-5 text-muted-foreground">{text.steps[step].body}</p>
                )}
                {!isDone && hasPermission(user, where.permission) ? (
                  <Button asChild size="sm" className="mt-1 self-start">
                    <Link {...where.link}>{text.steps[step].link}</Link>
                  </Button>
                ) : null}
              </div>
            </li>
          );
        })}
      </ol>
    </section>
  );
}

/** A ticked step: a check mark in a circle (text, not an icon library: the dashboard's first load). */
function Tick({ className }: { className: string }) {
  return (
    <span
      aria-hidden="true"
      className={cn(
        'flex items-center justify-center rounded-full border border-success text-xs font-semibold text-success',
        className,
      )}
    >
      ✓
    </span>
  );
}
