import { createFileRoute } from '@tanstack/react-router';
import { LegalPage } from '../features/legal/legal-page';
import { PRIVACY_POLICY } from '../features/legal/texts';
import { TITLES } from '../texts';

export const Route = createFileRoute('/privacy-policy')({
  staticData: { title: TITLES.privacyPolicy },
  component: () => <LegalPage document={PRIVACY_POLICY} />,
});
