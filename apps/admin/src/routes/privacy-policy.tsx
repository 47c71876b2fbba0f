import { createFileRoute } from '@tanstack/react-router';
import { LegalPage } from '../features/legal/legal-page';
import { PRIVACY_POLICY } from '../features/legal/texts';

export const Route = createFileRoute('/privacy-policy')({
  staticData: { title: '隐私政策' },
  component: () => <LegalPage document={PRIVACY_POLICY} />,
});
