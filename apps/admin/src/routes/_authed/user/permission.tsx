import { createFileRoute } from '@tanstack/react-router';
import { TITLES } from '../../../copy';
import { UnderConstructionPage } from '../../../features/under-construction/under-construction-page';

export const Route = createFileRoute('/_authed/user/permission')({
  staticData: { title: TITLES.userPermission },
  component: () => <UnderConstructionPage feature={TITLES.userPermission} />,
});
