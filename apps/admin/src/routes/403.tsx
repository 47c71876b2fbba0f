import { createFileRoute } from '@tanstack/react-router';
import { ForbiddenPage } from '../features/errors/forbidden-page';
import { TITLES } from '../texts';

export const Route = createFileRoute('/403')({
  staticData: { title: TITLES.forbidden },
  component: ForbiddenPage,
});
