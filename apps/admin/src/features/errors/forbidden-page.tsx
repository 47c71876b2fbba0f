import { ErrorView } from './error-view';

export function ForbiddenPage() {
  return <ErrorView status={403} />;
}
