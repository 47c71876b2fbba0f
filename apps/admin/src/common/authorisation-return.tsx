import { Spinner } from '@consign/ui';
import { Link } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { problemMessage } from './problem-message';

/**
 * The page an authorisation (a sales platform's, 1688's) sends the seller back to: posts its answer to
 * the API once per visit (the state is single-use: a second post would only be refused), says it is
 * working meanwhile, or shows why it did not work with a way back to `back`. Success is the caller's
 * (`complete`'s `onSuccess`: a toast and the way on).
 */
export function AuthorisationReturn({
  ready,
  complete,
  text,
  back,
}: {
  /** Whether the address carries what to post; otherwise `text.missing` is shown. */
  ready: boolean;
  complete: { mutate: () => void; error: unknown };
  text: { missing: string; failedTitle: string; back: string; working: string };
  back: '/shop/setting' | '/system/setting';
}) {
  const posted = useRef(false);
  const { mutate } = complete;
  useEffect(() => {
    if (posted.current || !ready) return;
    posted.current = true;
    mutate();
  }, [ready, mutate]);

  const failure = !ready ? text.missing : complete.error ? problemMessage(complete.error) : null;
  if (failure) {
    return (
      <div className="mx-auto flex max-w-lg flex-col gap-4 py-12" role="alert">
        <h2 className="text-lg font-medium">{text.failedTitle}</h2>
        <p className="text-sm">{failure}</p>
        <div>
          <Link to={back} className="text-sm text-link underline-offset-4 hover:underline">
            {text.back}
          </Link>
        </div>
      </div>
    );
  }
  return (
    <div className="flex items-center justify-center gap-2 py-12 text-sm text-muted-foreground">
      <Spinner />
      {text.working}
    </div>
  );
}
