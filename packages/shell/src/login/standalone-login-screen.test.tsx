import { EMBEDDED_COMPANY_CONFIG_ID } from '@consign/api-client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import { COMPANY_CONFIG_KEY } from '../session/company-config-cache';
import { ShellProvider } from '../session/shell-provider';
import { ACCESS_TOKEN_KEY } from '../session/token-storage';
import { companyConfig, createFakeApi, embedCompanyConfig } from '../stories/fixtures';
import { StandaloneLoginScreen } from './standalone-login-screen';
import { resetSmsCountdown } from './use-sms-countdown';

// No RouterProvider and no QueryClientProvider anywhere in these trees: the screen must not need them.
function renderStandalone(api: ReturnType<typeof createFakeApi>, onLoggedIn?: (target: string) => void) {
  return render(
    <ShellProvider api={api}>
      <StandaloneLoginScreen autoplay={false} {...(onLoggedIn ? { onLoggedIn } : {})} />
    </ShellProvider>,
  );
}

const initialUrl = window.location.href;

beforeEach(() => {
  localStorage.clear();
  resetSmsCountdown();
});

afterEach(() => {
  window.history.replaceState(null, '', initialUrl);
});

describe('StandaloneLoginScreen', () => {
  it('paints from the cached config, then shows and caches the fetched one', async () => {
    localStorage.setItem(COMPANY_CONFIG_KEY, JSON.stringify({ ...companyConfig, short_name: '旧名称' }));
    const api = createFakeApi({ delay: 50 });
    const screen = await renderStandalone(api);
    await expect.element(screen.getByRole('heading', { name: '旧名称' })).toBeVisible();
    await expect.element(screen.getByRole('heading', { name: companyConfig.short_name })).toBeVisible();
    expect(api.calls.config).toBeGreaterThanOrEqual(1);
    expect(JSON.parse(localStorage.getItem(COMPANY_CONFIG_KEY) ?? '{}').short_name).toBe(
      companyConfig.short_name,
    );
    expect(document.title).toBe(`登录 - ${companyConfig.short_name}`);
  });

  it('keeps blank branding of the final size while the first config is on its way', async () => {
    const api = createFakeApi({ delay: Number.POSITIVE_INFINITY });
    const screen = await renderStandalone(api);
    await expect.element(screen.getByPlaceholder('请输入手机号')).toBeVisible();
    const heading = screen.container.querySelector('h1');
    expect(heading).not.toBeNull();
    expect(getComputedStyle(heading as HTMLElement).visibility).toBe('hidden');
    expect(screen.container.querySelector('[data-slot=login-logo-placeholder]')).not.toBeNull();
  });

  it('renders the agreement links as plain links (no router)', async () => {
    const screen = await renderStandalone(createFakeApi());
    await expect
      .element(screen.getByRole('link', { name: '用户协议' }))
      .toHaveAttribute('href', '/user-agreement');
    await expect
      .element(screen.getByRole('link', { name: '隐私政策' }))
      .toHaveAttribute('href', '/privacy-policy');
  });

  it('logs in and hands the sanitised redirect of the URL to onLoggedIn', async () => {
    window.history.replaceState(null, '', '/login?redirect=%2Forder%2Findex%3FpageIndex%3D2');
    const onLoggedIn = vi.fn();
    const api = createFakeApi();
    const screen = await renderStandalone(api, onLoggedIn);
    await userEvent.type(screen.getByPlaceholder('请输入手机号'), '13800000000');
    await userEvent.type(screen.getByPlaceholder('请输入短信验证码'), '123456');
    await userEvent.click(screen.getByRole('button', { name: '登录', exact: true }));
    await vi.waitFor(() => expect(onLoggedIn).toHaveBeenCalledTimes(1), { timeout: 3000 });
    expect(onLoggedIn).toHaveBeenCalledWith('/order/index?pageIndex=2');
    expect(localStorage.getItem(ACCESS_TOKEN_KEY)).toBe('test-token');
    expect(api.calls.login).toEqual([{ mobile: '13800000000', code: '123456' }]);
  });

  it('refuses a redirect to another origin: onLoggedIn gets /', async () => {
    window.history.replaceState(null, '', '/login?redirect=%2F%2Fevil.com%2Fx');
    const onLoggedIn = vi.fn();
    const screen = await renderStandalone(createFakeApi(), onLoggedIn);
    await userEvent.type(screen.getByPlaceholder('请输入手机号'), '13800000000');
    await userEvent.type(screen.getByPlaceholder('请输入短信验证码'), '123456');
    await userEvent.click(screen.getByRole('button', { name: '登录', exact: true }));
    await vi.waitFor(() => expect(onLoggedIn).toHaveBeenCalledWith('/'), { timeout: 3000 });
  });
});

describe('StandaloneLoginScreen with the config the server embedded in the page', () => {
  it('paints it at once, makes no call, caches it, and takes it only once', async () => {
    embedCompanyConfig(JSON.stringify({ ...companyConfig, short_name: '页面内配置' }));
    const api = createFakeApi({ delay: Number.POSITIVE_INFINITY });
    const screen = await renderStandalone(api);
    await expect.element(screen.getByRole('heading', { name: '页面内配置' })).toBeVisible();
    expect(api.calls.config).toBe(0);
    expect(document.getElementById(EMBEDDED_COMPANY_CONFIG_ID)).toBeNull();
    expect(JSON.parse(localStorage.getItem(COMPANY_CONFIG_KEY) ?? '{}').short_name).toBe('页面内配置');
    // A second screen in the same page starts from the cache, as stale, and asks the API.
    const again = createFakeApi();
    const second = await renderStandalone(again);
    await expect.element(second.getByRole('heading', { name: companyConfig.short_name })).toBeVisible();
    expect(again.calls.config).toBeGreaterThanOrEqual(1);
  });

  it('ignores an embedded element that is not a config and fetches instead', async () => {
    embedCompanyConfig('{"short_name": 1, oops');
    const api = createFakeApi();
    const screen = await renderStandalone(api);
    await expect.element(screen.getByRole('heading', { name: companyConfig.short_name })).toBeVisible();
    expect(api.calls.config).toBeGreaterThanOrEqual(1);
  });
});

describe('StandaloneLoginScreen banners', () => {
  afterEach(async () => {
    await page.viewport(1280, 800);
  });

  it('does not load the carousel in a narrow window (its panel is hidden there), and does once wide', async () => {
    await page.viewport(375, 740);
    const screen = await renderStandalone(createFakeApi());
    await expect.element(screen.getByRole('heading', { name: companyConfig.short_name })).toBeVisible();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(document.querySelector('[data-slot=banner-carousel]')).toBeNull();
    await page.viewport(1280, 800);
    await vi.waitFor(() => expect(document.querySelector('[data-slot=banner-carousel]')).not.toBeNull());
  });
});
