import { createFileRoute } from '@tanstack/react-router';
import { TITLES } from '../../texts';

/** The system group: a breadcrumb level of its own (its pages render in the outlet). */
export const Route = createFileRoute('/_authed/system')({
  staticData: { title: TITLES.system, menu: { order: 60, icon: 'Settings' } },
});
