import { brotliCompressSync } from 'node:zlib';
import type { Response } from '@playwright/test';
import { expect, test } from '../helpers';

test('the app code comes precompressed and cached for a year, without source maps', async ({
  page,
  request,
}) => {
  const scripts: Response[] = [];
  page.on('response', (response) => {
    if (/\/assets\/[^/]+\.js$/.test(new URL(response.url()).pathname)) scripts.push(response);
  });
  await page.goto('/login');
  await expect(page.getByRole('button', { name: '获取验证码' })).toBeVisible();
  expect(scripts.length).toBeGreaterThan(0);
  for (const script of scripts) {
    const headers = await script.allHeaders();
    const code = await script.text();
    // The build keeps no .br of a script that brotli does not make smaller (a chunk of a few
    // constants); every other one comes compressed.
    const worthIt = brotliCompressSync(code).length < Buffer.byteLength(code);
    expect(headers['content-encoding'], script.url()).toBe(worthIt ? 'br' : undefined);
    expect(headers['cache-control'], script.url()).toBe('public, max-age=31536000, immutable');
    expect(code, script.url()).not.toContain('sourceMappingURL');
    // The build writes the map beside the script; the server does not hand it out.
    expect((await request.get(`${script.url()}.map`)).status(), script.url()).toBe(404);
  }
  // Another spelling of a real script is not served either.
  const first = new URL(scripts[0]?.url() ?? '');
  expect((await request.get(first.pathname.replace('/assets/', '/assets//'))).status()).toBe(404);
});

test('an overlong address shows a short page that says so', async ({ page }) => {
  const response = await page.goto(`/order/index?keyword=${'a'.repeat(45_000)}`);
  expect(response?.status()).toBe(431);
  await expect(page.getByRole('heading', { name: '请求地址过长' })).toBeVisible();
  await page.getByRole('link', { name: '返回首页' }).click();
  await expect(page).toHaveURL(/\/login\?redirect=/);
});
