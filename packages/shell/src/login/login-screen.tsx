import { useCompanyConfigQuery } from '../session/use-session';
import { LoginLayout, type LoginScreenProps } from './login-layout';
import { LoginNavigationProvider } from './login-navigation';
import { useRouterLoginNavigation } from './router-login-navigation';

export { activeBanners, type LoginScreenProps } from './login-layout';

/**
 * The login page inside a TanStack Router app with TanStack Query: active banners on the left, the SMS
 * form on the right, the company footer below. It loads the public company config itself (painting
 * first from the cached copy) and leaves through the router. For a login page that loads without the
 * router, see `StandaloneLoginScreen`.
 */
export function LoginScreen(props: LoginScreenProps) {
  const { data: config, status } = useCompanyConfigQuery(true);
  const navigation = useRouterLoginNavigation();
  // First visit, config on its way: paint at once with blank branding of the final size (logo, name,
  // English name, two footer lines), so that nothing moves when the config arrives.
  const pending = config === undefined && status === 'pending';
  return (
    <LoginNavigationProvider value={navigation}>
      <LoginLayout config={config} pending={pending} {...props} />
    </LoginNavigationProvider>
  );
}
