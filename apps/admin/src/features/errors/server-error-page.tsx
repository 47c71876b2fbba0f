import { safeRedirect } from '@consign/shell';
import { ERROR_TEXT } from '../../texts';
import { ErrorView } from './error-view';

export interface ServerErrorPageProps {
  /** The `error_page` query value: the page whose request failed. Only a same-origin path is linked. */
  errorPage?: unknown;
}

export function ServerErrorPage({ errorPage }: ServerErrorPageProps) {
  const href = safeRedirect(errorPage);
  return (
    <ErrorView status={500}>
      <a href={href} className="text-sm text-link underline-offset-4 hover:underline">
        {ERROR_TEXT.errorPageLink}
      </a>
    </ErrorView>
  );
}
