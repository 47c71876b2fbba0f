import { createFileRoute } from '@tanstack/react-router';
import { CopyFormPage } from '../../../../features/shop/copy-form-page';

export const Route = createFileRoute('/_authed/shop/copy/')({
  component: CopyFormPage,
});
