import { createFileRoute } from '@tanstack/react-router';
import { LegalPage } from '../features/legal/legal-page';
import { USER_AGREEMENT } from '../features/legal/texts';

export const Route = createFileRoute('/user-agreement')({
  staticData: { title: '用户协议' },
  component: () => <LegalPage document={USER_AGREEMENT} />,
});
