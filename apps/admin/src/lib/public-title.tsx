import { companyConfigQuery } from '@consign/api-client/query';
import { formatDocumentTitle, readCachedCompanyConfig } from '@consign/shell';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useApi } from './use-api';

/**
 * `document.title` for the pages outside the shell (error pages, legal pages): `{title} - {short_name}`,
 * the short name from the cached company config at once, then from the public config call.
 * (The shell and the login screen set their own.)
 */
export function PublicDocumentTitle({ title }: { title: string }) {
  const api = useApi();
  const shortName = useQuery({
    ...companyConfigQuery(api),
    initialData: readCachedCompanyConfig,
    initialDataUpdatedAt: 0,
    select: (config) => config.short_name,
  }).data;
  useEffect(() => {
    document.title = formatDocumentTitle(title, shortName, title);
  }, [title, shortName]);
  return null;
}
