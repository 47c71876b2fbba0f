import { createFileRoute } from '@tanstack/react-router';
import { LegalPage } from '../features/legal/legal-page';
import { USER_AGREEMENT } from '../features/legal/texts';
import { TITLES } from '../texts';

export const Route = createFileRoute('/user-agreement')({
  staticData: { title: TITLES.userAgreement },
  component: () => <LegalPage document={USER_AGREEMENT} />,
});
