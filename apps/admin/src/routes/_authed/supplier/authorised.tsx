import { createFileRoute } from '@tanstack/react-router';
import { parseAuthorisedSearch } from '../../../features/shop/authorised-search';
import { SupplierAuthorisedPage } from '../../../features/supplier/supplier-authorised-page';

/** 1688 sends the seller back here after connecting the buyer account (`PUBLIC_URL/supplier/authorised`). */
export const Route = createFileRoute('/_authed/supplier/authorised')({
  staticData: { title: '1688授权', permission: 'setting:manage', help: 'purchase' },
  validateSearch: parseAuthorisedSearch,
  component: SupplierAuthorisedPage,
});
