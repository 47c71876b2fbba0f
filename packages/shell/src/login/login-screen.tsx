import { useCompanyConfigQuery } from '../session/use-session';
import { LoginLayout, type LoginScreenProps } from './login-layout';

export { activeBanners, type LoginScreenProps } from './login-layout';

/**
 * The login page of a TanStack Router app with TanStack Query: active banners on the left, the SMS
 * form on the right, the company footer below. It loads the public company config itself (painting
 * first from the copy the server embedded in the page, else the cached copy).
 */
export function LoginScreen(props: LoginScreenProps) {
  const { data: config, status } = useCompanyConfigQuery(true);
  // First visit, config on its way: paint at once with blank branding of the final size (logo, name,
  // English name, two footer lines), so that nothing moves when the config arrives.
  const pending = config === undefined && status === 'pending';
  return <LoginLayout config={config} pending={pending} {...props} />;
}
