import { LoginScreen } from '@consign/shell';

/** /login: the shell's login screen (it reads and sanitises `redirect` itself). */
export function LoginPage() {
  return <LoginScreen />;
}
