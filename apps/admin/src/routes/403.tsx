import { createFileRoute } from '@tanstack/react-router';
import { TITLES } from '../copy';
import { ForbiddenPage } from '../features/errors/forbidden-page';

export const Route = createFileRoute('/403')({
  staticData: { title: TITLES.forbidden },
  component: ForbiddenPage,
});
