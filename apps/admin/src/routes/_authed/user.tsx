import { createFileRoute } from '@tanstack/react-router';
import { TITLES } from '../../texts';

/** The user group: a breadcrumb level of its own (its pages render in the outlet). */
export const Route = createFileRoute('/_authed/user')({
  staticData: { title: TITLES.user, menu: { order: 40, icon: 'Users' } },
});
