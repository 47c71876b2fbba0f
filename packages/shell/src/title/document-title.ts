import { useEffect } from 'react';
import { formatDocumentTitle } from './titles';

/** Sets `document.title` to `{page title} - {short name}` (or whichever of the two exists). */
export function useDocumentTitle(pageTitle: string | undefined, shortName: string | undefined): void {
  useEffect(() => {
    const title = formatDocumentTitle(pageTitle, shortName);
    if (title) document.title = title;
  }, [pageTitle, shortName]);
}
