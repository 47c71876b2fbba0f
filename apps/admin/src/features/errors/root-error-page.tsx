import { Button } from '@consign/ui';
import type { ErrorComponentProps } from '@tanstack/react-router';
import { LOAD_ERROR_TEXT } from '../../texts';

/**
 * What the root shows when a page outside the shell fails to load or render (the shell has its own
 * boundary): most often its code did not load (offline, a new deployment removed the old files), so
 * it says so and offers a reload. It is part of the root route, so it shows even offline.
 */
export function RootErrorPage({ error }: ErrorComponentProps) {
  console.error(error);
  return (
    <main
      role="alert"
      data-slot="load-error"
      className="flex min-h-screen flex-col items-center justify-center gap-4 bg-background p-8 text-center"
    >
      <p>{LOAD_ERROR_TEXT.failed}</p>
      <Button onClick={() => window.location.reload()}>{LOAD_ERROR_TEXT.reload}</Button>
    </main>
  );
}
