import { createFileRoute } from '@tanstack/react-router';
import { AuthorisedPage } from '../../../features/shop/authorised-page';
import { parseAuthorisedSearch } from '../../../features/shop/authorised-search';

/** The platforms send the seller back here after authorising a shop (`PUBLIC_URL/shop/authorised/<platform>`). */
export const Route = createFileRoute('/_authed/shop/authorised/$platform')({
  staticData: { title: '店铺授权', permission: 'shop:manage', help: 'authorise-shop' },
  validateSearch: parseAuthorisedSearch,
  component: AuthorisedPage,
});
