import { createFileRoute } from '@tanstack/react-router';
import { TITLES } from '../copy';
import { PRIVACY_POLICY } from '../features/legal/copy';
import { LegalPage } from '../features/legal/legal-page';

export const Route = createFileRoute('/privacy-policy')({
  staticData: { title: TITLES.privacyPolicy },
  component: () => <LegalPage document={PRIVACY_POLICY} />,
});
