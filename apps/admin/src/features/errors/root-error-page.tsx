import type { ErrorComponentProps } from '@tanstack/react-router';

import { ErrorView } from './error-view';

/** What the root shows when a route throws outside the shell (the shell has its own boundary). */
export function RootErrorPage(_props: ErrorComponentProps) {
  return <ErrorView status={500} />;
}
