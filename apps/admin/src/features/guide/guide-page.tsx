import { Button } from '@consign/ui';
import { Link } from '@tanstack/react-router';
import { usePageTitle } from '../../common/page-title';
import { SetupChecklist } from '../../common/setup-checklist';
import { GUIDE_TEXT } from './texts';

/**
 * 新手指引: the account's setup as a checklist (ticked from its own state; the 发货地址 among its steps),
 * then the three steps from a new account to a shipped order, each with a link to its page.
 */
export function GuidePage() {
  const title = usePageTitle();
  const guide = GUIDE_TEXT;
  return (
    <div className="flex flex-col gap-6">
      <header>
        <h1 className="text-xl font-semibold">{title}</h1>
        <p className="mt-1 text-sm text-muted-foreground">{guide.intro}</p>
      </header>
      <SetupChecklist whenDone="list" />
      <ol className="flex flex-col gap-4">
        {guide.steps.map((step, index) => (
          <li key={step.title} className="flex gap-4 rounded-lg bg-card p-5 shadow-sm">
            <span
              aria-hidden="true"
              className="flex size-8 shrink-0 items-center justify-center rounded-full bg-primary text-sm font-semibold text-primary-foreground"
            >
              {index + 1}
            </span>
            <div className="flex flex-col gap-2">
              <h2 className="text-base font-semibold">
                <span className="sr-only">{guide.stepLabel(index + 1)}：</span>
                {step.title}
              </h2>
              <p className="text-sm leading-6 text-muted-foreground">{step.body}</p>
              <div>
                <Button asChild size="sm">
                  <Link to={step.to}>{step.link}</Link>
                </Button>
              </div>
            </div>
          </li>
        ))}
      </ol>
    </div>
  );
}
