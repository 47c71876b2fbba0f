import { LoginScreen } from '@consign/shell';

/**
 * /login: the shell's login screen (it reads and sanitises `redirect` itself). A mobile that has just
 * signed up as the owner of a new, empty seller account starts on 新手指引, unless a redirect was given.
 */
export function LoginPage() {
  return <LoginScreen newAccountRedirect="/dashboard/guide" />;
}
