import { expect, test } from '../helpers';

test('a normal user opening 全局设置 gets the 403 page', async ({ userPage: page }) => {
  await page.goto('/system/global');
  await expect(page).toHaveURL(/\/403$/);
  await expect(page.getByText('抱歉，您没有权限访问此页面。')).toBeVisible();
  await page.getByRole('button', { name: '返回首页' }).click();
  await expect(page).toHaveURL(/\/dashboard\/index$/);
});

test('an API 403 leads to the 403 page', async ({ adminPage: page }) => {
  await page.route('**/api/setting/index', (route) => route.fulfill({ status: 403, json: { errorCode: 1 } }));
  await page.goto('/system/setting');
  await expect(page).toHaveURL(/\/403$/);
  await expect(page.getByText('抱歉，您没有权限访问此页面。')).toBeVisible();
});

test('an API 500 leads to the 500 page with a link back to the failed page', async ({ adminPage: page }) => {
  await page.route('**/api/order/after-sale', (route) => route.fulfill({ status: 500, body: 'boom' }));
  await page.goto('/order/after-sale?pageIndex=2');
  await expect(page).toHaveURL(/\/500\?error_page=/);
  await expect(page.getByText('抱歉，服务器内部错误。')).toBeVisible();
  await expect(page.getByRole('link', { name: '报错页面' })).toHaveAttribute(
    'href',
    '/order/after-sale?pageIndex=2',
  );
});

test('the 500 page links error_page only when it is a same-origin path', async ({ page }) => {
  await page.goto('/500?error_page=/order/index');
  await expect(page.getByText('抱歉，服务器内部错误。')).toBeVisible();
  await expect(page.getByRole('link', { name: '报错页面' })).toHaveAttribute('href', '/order/index');
  for (const evil of ['https://evil.com', '//evil.com', 'javascript:alert(1)', '/%2F%2Fevil.com']) {
    await page.goto(`/500?error_page=${encodeURIComponent(evil)}`);
    await expect(page.getByRole('link', { name: '报错页面' }), evil).toHaveAttribute('href', '/');
  }
  await expect(page.getByRole('button', { name: '返回首页' })).toBeVisible();
});

test('an unknown path shows the 404 page with a way home', async ({ adminPage: page }) => {
  for (const path of ['/no-such-page', '/order/no-such-page', '/user']) {
    await page.goto(path);
    await expect(page.getByText('抱歉, 您访问的网页不存在'), path).toBeVisible();
  }
  await page.getByRole('button', { name: '返回首页' }).click();
  await expect(page).toHaveURL(/\/dashboard\/index$/);
});

test('the 404 page shows for visitors too', async ({ page }) => {
  await page.goto('/definitely/not/here');
  await expect(page.getByText('抱歉, 您访问的网页不存在')).toBeVisible();
  await page.getByRole('button', { name: '返回首页' }).click();
  await expect(page).toHaveURL(/\/login\?redirect=/);
});
