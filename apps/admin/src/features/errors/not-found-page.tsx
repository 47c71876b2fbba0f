import { ErrorView } from './error-view';

export function NotFoundPage() {
  return <ErrorView status={404} />;
}
