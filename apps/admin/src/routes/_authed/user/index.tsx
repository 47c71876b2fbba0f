import { createFileRoute, notFound } from '@tanstack/react-router';

/** `/user` itself is no page (docs/product.md lists none): the 404 page, not an empty layout. */
export const Route = createFileRoute('/_authed/user/')({
  beforeLoad: () => {
    throw notFound();
  },
});
