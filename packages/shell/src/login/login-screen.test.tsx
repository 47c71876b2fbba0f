import { EMBEDDED_COMPANY_CONFIG_ID } from '@consign/api-client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { userEvent } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import { COMPANY_CONFIG_KEY } from '../session/company-config-cache';
import { ACCESS_TOKEN_KEY } from '../session/token-storage';
import { companyConfig, createFakeApi, embedCompanyConfig } from '../stories/fixtures';
import { type createTestRouter, ShellHarness } from '../stories/router-decorator';
import { CaptchaCancelledError, type CaptchaProvider } from './captcha/captcha-provider';
import { LoginScreen } from './login-screen';
import { resetSmsCountdown } from './use-sms-countdown';

type TestRouter = ReturnType<typeof createTestRouter>;

async function renderLogin(
  options: {
    path?: string;
    api?: ReturnType<typeof createFakeApi>;
    captcha?: CaptchaProvider;
    newAccountRedirect?: string;
  } = {},
) {
  const api = options.api ?? createFakeApi();
  let router: TestRouter | undefined;
  const screen = await render(
    <ShellHarness
      root={() => <LoginScreen autoplay={false} newAccountRedirect={options.newAccountRedirect} />}
      initialPath={options.path ?? '/login'}
      api={api}
      captcha={options.captcha}
      onRouter={(r) => {
        router = r;
      }}
    />,
  );
  const mobile = screen.getByPlaceholder('请输入手机号');
  const code = screen.getByPlaceholder('请输入短信验证码');
  const getCode = screen.getByRole('button', { name: /获取验证码|秒后重新获取/ });
  const submit = screen.getByRole('button', { name: '登录', exact: true });
  await expect.element(mobile).toBeVisible();
  return { screen, api, mobile, code, getCode, submit, router: () => router as TestRouter };
}

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  resetSmsCountdown();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('LoginScreen', () => {
  it('keeps 获取验证码 disabled until the mobile is valid, and removes whitespace', async () => {
    const { mobile, getCode } = await renderLogin();
    await expect.element(getCode).toBeDisabled();
    await userEvent.type(mobile, '1380000000');
    await expect.element(getCode).toBeDisabled();
    await userEvent.clear(mobile);
    await userEvent.type(mobile, '11800000000');
    await expect.element(getCode).toBeDisabled();
    await userEvent.clear(mobile);
    await userEvent.type(mobile, '138 0000 0000');
    await expect.element(mobile).toHaveValue('13800000000');
    await expect.element(getCode).toBeEnabled();
  });

  it('shows the rule messages wired to the inputs when submitting empty fields', async () => {
    const { screen, mobile, code, submit, api } = await renderLogin();
    await userEvent.click(submit);
    await expect.element(mobile).toHaveAttribute('aria-invalid', 'true');
    const mobileError = screen.getByText('请输入手机号', { exact: true }).element();
    expect(mobile.element().getAttribute('aria-describedby')?.split(' ')).toContain(mobileError.id);

    await userEvent.type(mobile, '13800000000');
    await userEvent.click(submit);
    await expect.element(code).toHaveAttribute('aria-invalid', 'true');
    await expect.element(code).toHaveAttribute('maxlength', '6');
    await expect.element(screen.getByText('请输入短信验证码', { exact: true })).toBeVisible();
    expect(api.calls.login).toHaveLength(0);
  });

  it('runs the captcha, sends the code and counts down 60 s (fake timers)', async () => {
    const verify = vi.fn(async () => ({ ticket: 'ticket-1', randstr: 'rand-1' }));
    const { screen, mobile, getCode, api } = await renderLogin({ captcha: { verify } });
    await userEvent.type(mobile, '13800000000');
    // The first code is asked for on real time: its toast loads the toaster (a lazy chunk), and while a
    // wait fails with fake timers installed, Vitest advances them by the wait's interval, so a slow
    // chunk would run the countdown down before it is read.
    await userEvent.click(getCode);
    await expect.element(screen.getByText('验证码已发送到您的手机')).toBeVisible();
    expect(verify).toHaveBeenCalledOnce();
    expect(api.calls.sendCode).toEqual([
      { mobile: '13800000000', type: 1, sign_type: 1, ticket: 'ticket-1', randstr: 'rand-1' },
    ]);
    await expect.element(getCode).toHaveTextContent(/^\d+秒后重新获取$/);
    await expect.element(getCode).toBeDisabled();

    // The countdown itself, on fake time: a second code once the first countdown is over.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
    resetSmsCountdown();
    await expect.element(getCode).toBeEnabled();
    await userEvent.click(getCode);
    await expect.element(getCode).toHaveTextContent('60秒后重新获取');
    await expect.element(getCode).toBeDisabled();
    expect(api.calls.sendCode).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1000);
    await expect.element(getCode).toHaveTextContent('59秒后重新获取');
    await vi.advanceTimersByTimeAsync(58_000);
    await expect.element(getCode).toHaveTextContent('1秒后重新获取');
    await vi.advanceTimersByTimeAsync(1000);
    await expect.element(getCode).toHaveTextContent('获取验证码');
    await expect.element(getCode).toBeEnabled();
  });

  it('keeps the countdown across a remount of the login screen', async () => {
    const first = await renderLogin();
    await userEvent.type(first.mobile, '13800000000');
    await userEvent.click(first.getCode);
    await expect.element(first.getCode).toHaveTextContent(/\d+秒后重新获取/);
    await first.screen.unmount();
    const second = await renderLogin();
    await expect.element(second.screen.getByRole('button', { name: /秒后重新获取/ })).toBeDisabled();
  });

  it('warns 请求失败 and starts no countdown when sending fails', async () => {
    const api = createFakeApi({ sendCodeFails: true });
    const { screen, mobile, getCode } = await renderLogin({ api });
    await userEvent.type(mobile, '13800000000');
    await userEvent.click(getCode);
    await expect.element(screen.getByText('请求失败')).toBeVisible();
    await expect.element(getCode).toHaveTextContent('获取验证码');
    await expect.element(getCode).toBeEnabled();
  });

  it('sends nothing when the captcha is closed', async () => {
    const { mobile, getCode, api } = await renderLogin({
      captcha: { verify: () => Promise.reject(new CaptchaCancelledError()) },
    });
    await userEvent.type(mobile, '13800000000');
    await userEvent.click(getCode);
    await expect.element(getCode).toBeEnabled();
    await expect.element(getCode).toHaveTextContent('获取验证码');
    expect(api.calls.sendCode).toHaveLength(0);
  });

  it('warns when the agreement is unticked and does not log in', async () => {
    const { screen, mobile, code, submit, api } = await renderLogin();
    const agreement = screen.getByRole('checkbox');
    await expect.element(agreement).toBeChecked();
    await expect
      .element(screen.getByRole('link', { name: '用户协议' }))
      .toHaveAttribute('href', '/user-agreement');
    await expect
      .element(screen.getByRole('link', { name: '隐私政策' }))
      .toHaveAttribute('href', '/privacy-policy');
    await userEvent.click(agreement);
    await expect.element(agreement).not.toBeChecked();
    await userEvent.type(mobile, '13800000000');
    await userEvent.type(code, '123456');
    await userEvent.click(submit);
    await expect.element(screen.getByText('请先勾选用户协议和隐私政策')).toBeVisible();
    expect(api.calls.login).toHaveLength(0);
  });

  it('submits with Enter, once, stores the token and navigates to the sanitised redirect after 1 s', async () => {
    const api = createFakeApi({ delay: 50, token: 'token-abc' });
    // When the login answered and when the router started to leave: the gap is the 1 s delay. A
    // timer never fires early, so the lower bound holds however slow the machine is.
    let loggedInAt = Number.NaN;
    const call = api.call;
    api.call = (async (path, ...args) => {
      const answer = await call(path, ...args);
      if (path === '/api/default/login') loggedInAt = performance.now();
      return answer;
    }) as typeof api.call;
    const { screen, mobile, code, submit, router } = await renderLogin({
      api,
      path: '/login?redirect=%2Forder%2Findex%3FpageIndex%3D2',
    });
    let leftAt = Number.NaN;
    router().subscribe('onBeforeNavigate', () => {
      if (Number.isNaN(leftAt)) leftAt = performance.now();
    });
    await userEvent.type(mobile, '13800000000');
    await userEvent.type(code, '123456');
    await userEvent.keyboard('{Enter}');
    await userEvent.keyboard('{Enter}');
    await expect.element(submit).toBeDisabled();
    await expect.element(screen.getByText('登录成功')).toBeVisible();
    expect(api.calls.login).toEqual([{ mobile: '13800000000', code: '123456' }]);
    expect(localStorage.getItem(ACCESS_TOKEN_KEY)).toBe('token-abc');
    await expect.poll(() => router().state.location.href).toBe('/order/index?pageIndex=2');
    expect(leftAt - loggedInAt).toBeGreaterThanOrEqual(990);
  });

  it('a double click on 登录 calls login once', async () => {
    const api = createFakeApi({ delay: 200 });
    const { mobile, code, submit } = await renderLogin({ api });
    await userEvent.type(mobile, '13800000000');
    await userEvent.type(code, '123456');
    await userEvent.dblClick(submit);
    await expect.element(submit).toBeDisabled();
    expect(api.calls.login).toHaveLength(1);
  });

  it('ignores an open redirect and goes to / instead', async () => {
    const { mobile, code, router } = await renderLogin({ path: '/login?redirect=%2F%2Fevil.com' });
    await userEvent.type(mobile, '13800000000');
    await userEvent.type(code, '123456');
    await userEvent.keyboard('{Enter}');
    await expect.poll(() => router().state.location.pathname).toBe('/');
  });

  it.each([
    ['/login', '/dashboard/guide'],
    ['/login?redirect=%2Forder%2Findex', '/order/index'],
  ])(
    'a new seller account on %s goes to %s (newAccountRedirect unless a redirect was given)',
    async (path, to) => {
      const api = createFakeApi({ newAccount: true });
      const { mobile, code, router } = await renderLogin({
        api,
        path,
        newAccountRedirect: '/dashboard/guide',
      });
      await userEvent.type(mobile, '13700000000');
      await userEvent.type(code, '123456');
      await userEvent.keyboard('{Enter}');
      await expect.poll(() => router().state.location.pathname).toBe(to);
    },
  );

  it('paints from the cached config, shows only active banners and caches the fresh config', async () => {
    localStorage.setItem(COMPANY_CONFIG_KEY, JSON.stringify({ ...companyConfig, short_name: '旧名称' }));
    const api = createFakeApi({ delay: 300 });
    const { screen } = await renderLogin({ api });
    await expect.element(screen.getByRole('heading', { name: '旧名称' })).toBeVisible();
    await expect.element(screen.getByRole('heading', { name: '寄售宝' })).toBeVisible();
    await expect.element(screen.getByText(companyConfig.foot_info)).toBeVisible();
    expect(JSON.parse(localStorage.getItem(COMPANY_CONFIG_KEY) ?? '{}').short_name).toBe('寄售宝');
    // The carousel loads beside the first paint.
    await vi.waitFor(() => {
      const images = [...document.querySelectorAll('[data-slot=login-banners] img')].map((img) =>
        img.getAttribute('alt'),
      );
      expect(new Set(images)).toEqual(new Set(['新手指引', '代发订单', '店铺管理']));
    });
  });
  it('takes the config the server embedded in the page as fresh: no call', async () => {
    embedCompanyConfig(JSON.stringify({ ...companyConfig, short_name: '页面内配置' }));
    const api = createFakeApi();
    const { screen } = await renderLogin({ api });
    await expect.element(screen.getByRole('heading', { name: '页面内配置' })).toBeVisible();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(api.calls.config).toBe(0);
    expect(document.getElementById(EMBEDDED_COMPANY_CONFIG_ID)).toBeNull();
  });

  it('paints at once on a first visit and does not move the form when the config arrives', async () => {
    const logo = `data:image/svg+xml,${encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg" width="120" height="40"/>')}`;
    const api = createFakeApi({ delay: 400, config: { ...companyConfig, logo_url: logo } });
    const { screen, mobile } = await renderLogin({ api });
    // Painted before the config answered: blank branding of the final size.
    expect(api.calls.config).toBe(1);
    expect(document.querySelector('[data-slot=login-logo-placeholder]')).not.toBeNull();
    const before = mobile.element().getBoundingClientRect();
    const footerBefore = document.querySelector('[data-slot=footer]')?.getBoundingClientRect();
    await expect.element(screen.getByRole('heading', { name: companyConfig.short_name })).toBeVisible();
    await expect.element(screen.getByText(companyConfig.foot_info)).toBeVisible();
    const after = mobile.element().getBoundingClientRect();
    expect(document.querySelector('[data-slot=login-logo-placeholder]')).toBeNull();
    expect(after.top).toBe(before.top);
    expect(after.left).toBe(before.left);
    expect(document.querySelector('[data-slot=footer]')?.getBoundingClientRect().height).toBe(
      footerBefore?.height,
    );
  });

  it('explains the QR toggle in a hint on hover, without a popper', async () => {
    const { screen } = await renderLogin();
    const toggle = screen.getByRole('button', { name: '扫码登录' });
    const hint = screen.getByRole('tooltip', { includeHidden: true });
    await expect.element(toggle).toHaveAttribute('aria-describedby', hint.element().id);
    await expect.element(hint).toHaveTextContent('扫码登录暂未开放');
    await expect.element(hint).not.toBeVisible();
    await userEvent.hover(toggle);
    await expect.element(hint).toBeVisible();
  });
});
