import { expect, test } from '../fixtures';

test('the built app is served by the api-server and renders a ui Button', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Consign 代发管理后台' })).toBeVisible();
  const button = page.getByRole('button', { name: '进入后台' });
  await expect(button).toBeVisible();
  await expect(button).toHaveAttribute('data-slot', 'button');
});
