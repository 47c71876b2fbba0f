import { createFileRoute } from '@tanstack/react-router';
import { TITLES } from '../copy';
import { USER_AGREEMENT } from '../features/legal/copy';
import { LegalPage } from '../features/legal/legal-page';

export const Route = createFileRoute('/user-agreement')({
  staticData: { title: TITLES.userAgreement },
  component: () => <LegalPage document={USER_AGREEMENT} />,
});
