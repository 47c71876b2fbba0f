import { createFileRoute } from '@tanstack/react-router';
import { ForbiddenPage } from '../features/errors/forbidden-page';
import { ERROR_TEXT } from '../texts';

export const Route = createFileRoute('/403')({
  staticData: { title: ERROR_TEXT.titles[403] },
  component: ForbiddenPage,
});
