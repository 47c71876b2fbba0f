import * as React from 'react';
import type { PathLinkProps } from '../lib/router-link';

/**
 * How the login form talks to the page around it: where it reads the `redirect` parameter, how it
 * leaves once logged in, and how it renders the links to the agreement pages. This module imports no
 * router, so that a login page can load without one (see `StandaloneLoginScreen`).
 */
export interface LoginNavigation {
  /** The current URL's raw `redirect` search parameter; the form passes it through `safeRedirect`. */
  redirectParam(): unknown;
  /** Called once logged in (the token is stored): go to `target`, a sanitised same-origin path. */
  leave(target: string): void;
  /** A link to an app path (the agreement pages). */
  Link: (props: PathLinkProps) => React.ReactNode;
}

function DocumentLink({ to, ...props }: PathLinkProps) {
  return <a href={to} {...props} />;
}

/** The document's own navigation: `location.search`, `location.replace`, plain `<a href>`. */
export const documentLoginNavigation: LoginNavigation = {
  redirectParam: () =>
    typeof location === 'undefined'
      ? undefined
      : (new URLSearchParams(location.search).get('redirect') ?? undefined),
  leave: (target) => location.replace(target),
  Link: DocumentLink,
};

const LoginNavigationContext = React.createContext<LoginNavigation>(documentLoginNavigation);

/** Hands the login form its navigation; without one it uses {@link documentLoginNavigation}. */
export const LoginNavigationProvider = LoginNavigationContext.Provider;

export function useLoginNavigation(): LoginNavigation {
  return React.useContext(LoginNavigationContext);
}
