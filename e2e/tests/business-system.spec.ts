import { expect, test } from '../helpers';

test('代发设置: the settings form validates, saves with a toast and the saved values survive a reload', async ({
  adminPage: page,
}) => {
  await page.goto('/system/setting');
  await expect(page.getByRole('heading', { name: '代发设置' })).toBeVisible();
  const markup = page.getByLabel('复制加价比例');
  const mobile = page.getByLabel('失败通知手机号');
  const autoPurchase = page.getByRole('switch', { name: '自动采购' });
  const wasOn = (await autoPurchase.getAttribute('aria-checked')) === 'true';

  await markup.fill('501');
  await mobile.fill('12345');
  await page.getByRole('button', { name: '保存设置' }).click();
  await expect(page.getByText('请输入 0-500 之间的整数')).toBeVisible();
  await expect(page.getByText('请输入正确的手机号，或留空')).toBeVisible();

  await markup.fill('25');
  await mobile.fill('139 0000 1234');
  await autoPurchase.click();
  await page.getByRole('combobox', { name: '订单同步间隔' }).click();
  await page.getByRole('option', { name: '60 分钟' }).click();
  await page.getByRole('button', { name: '保存设置' }).click();
  await expect(page.getByText('代发设置已保存')).toBeVisible();
  await expect(mobile).toHaveValue('13900001234');
  await expect(page.getByRole('button', { name: '保存设置' })).toBeDisabled();

  await page.reload();
  await expect(markup).toHaveValue('25');
  await expect(mobile).toHaveValue('13900001234');
  await expect(autoPurchase).toHaveAttribute('aria-checked', String(!wasOn));
  await expect(page.getByRole('combobox', { name: '订单同步间隔' })).toHaveText('60 分钟');
});

/** `YYYY-MM-DDTHH:mm:ss` in Asia/Shanghai (the browser's zone in these tests), `offset` seconds from now. */
function shanghaiLocal(offsetSeconds: number): string {
  return new Date(Date.now() + 8 * 3600_000 + offsetSeconds * 1000).toISOString().slice(0, 19);
}

test('全局设置: the company preview follows the form, and a save survives a reload', async ({
  adminPage: page,
}) => {
  await page.goto('/system/global');
  await expect(page.getByRole('heading', { name: '全局设置' })).toBeVisible();
  const shortName = page.getByLabel('简称');
  const original = await shortName.inputValue();
  const preview = page.getByRole('figure', { name: '效果预览' });
  await shortName.fill('预览简称');
  await expect(preview.locator('[data-slot=preview-short-name]')).toHaveText('预览简称');
  await shortName.fill('');
  await page.getByRole('button', { name: '保存公司信息' }).click();
  await expect(page.getByText('请输入 1-32 个字符的简称')).toBeVisible();
  await shortName.fill(original);

  const footInfo = page.getByLabel('页脚信息');
  const originalFoot = await footInfo.inputValue();
  await footInfo.fill('E2E 页脚信息');
  await expect(preview.locator('[data-slot=preview-foot-info]')).toHaveText('E2E 页脚信息');
  await page.getByRole('button', { name: '保存公司信息' }).click();
  await expect(page.getByText('公司信息已保存')).toBeVisible();
  // The shell's footer reads the public config, refreshed by the invalidation.
  await expect(page.getByRole('contentinfo')).toContainText('E2E 页脚信息');
  await page.reload();
  await expect(footInfo).toHaveValue('E2E 页脚信息');

  // Put it back for the other tests.
  await footInfo.fill(originalFoot);
  await page.getByRole('button', { name: '保存公司信息' }).click();
  await expect(page.getByText('公司信息已保存')).toBeVisible();
});

test('全局设置: a banner shows on the login page while its window is open and not after it closes', async ({
  adminPage: page,
  browser,
  baseURL,
}) => {
  await page.goto('/system/global');
  const name = `E2E 横幅 ${Date.now() % 100000}`;
  const loginShows = async (alt: string, count: number) => {
    const context = await browser.newContext({ baseURL, locale: 'zh-CN', timezoneId: 'Asia/Shanghai' });
    const login = await context.newPage();
    await login.goto('/login');
    await expect(login.getByPlaceholder('请输入手机号')).toBeVisible();
    // The carousel has its slides (the seed's banner without a window is always among them)...
    await expect(login.locator('[data-slot=banner-carousel-slide]').first()).toBeAttached();
    // ...and this banner is one of them, or not.
    await expect(login.locator(`img[alt="${alt}"]`)).toHaveCount(count);
    await context.close();
  };

  await page.getByRole('button', { name: '新增横幅' }).click();
  let dialog = page.getByRole('dialog', { name: '新增横幅' });
  await dialog.getByLabel('名称').fill(name);
  await dialog.getByLabel('图片地址').fill('javascript:alert(1)');
  await dialog.getByLabel('开始时间').fill(shanghaiLocal(-60));
  await dialog.getByLabel('结束时间').fill(shanghaiLocal(-120));
  await dialog.getByRole('button', { name: '确定' }).click();
  await expect(dialog.getByText('请输入 http(s):// 或 / 开头的图片地址')).toBeVisible();
  await expect(dialog.getByText('结束时间必须晚于开始时间')).toBeVisible();
  // A window that is open now: from a minute ago to an hour from now.
  await dialog.getByLabel('图片地址').fill('/static/goods/3.svg');
  await dialog.getByLabel('结束时间').fill(shanghaiLocal(3600));
  await dialog.getByRole('button', { name: '确定' }).click();
  await expect(page.getByText(`横幅“${name}”已保存`)).toBeVisible();
  await expect(dialog).toBeHidden();
  const row = page.locator('[data-slot=data-table-row]').filter({ hasText: name });
  await expect(row).toContainText('展示中');
  await expect(page.locator('[data-slot=banner-preview]').getByRole('img', { name })).toBeVisible();
  // The login page (signed out) shows it while the window is open.
  await loginShows(name, 1);

  // Edit: a new name, and a window that closed a few seconds ago.
  await page.getByRole('button', { name: `编辑横幅 ${name}` }).click();
  dialog = page.getByRole('dialog', { name: '编辑横幅' });
  await expect(dialog.getByLabel('名称')).toHaveValue(name);
  const renamed = `${name} 改`;
  await dialog.getByLabel('名称').fill(renamed);
  await dialog.getByLabel('结束时间').fill(shanghaiLocal(-5));
  await dialog.getByRole('button', { name: '确定' }).click();
  await expect(page.getByText(`横幅“${renamed}”已保存`)).toBeVisible();
  const renamedRow = page.locator('[data-slot=data-table-row]').filter({ hasText: renamed });
  await expect(renamedRow).toHaveCount(1);
  await expect(renamedRow).toContainText('已结束');
  // ...and the login page no longer shows it.
  await loginShows(renamed, 0);

  // Delete, asking first.
  await page.getByRole('button', { name: `删除横幅 ${renamed}` }).click();
  const confirm = page.getByRole('alertdialog', { name: '删除横幅' });
  await confirm.getByRole('button', { name: '删除' }).click();
  await expect(page.getByText(`横幅“${renamed}”已删除`)).toBeVisible();
  await expect(renamedRow).toHaveCount(0);
});

test('全局设置: a platform and its authorisation are created, edited and deleted', async ({
  adminPage: page,
}) => {
  await page.goto('/system/global');
  const n = Date.now() % 100000;
  const name = `E2E 平台 ${n}`;
  const code = `e2e_${n}`;
  const platforms = page.getByRole('region', { name: '平台管理', exact: true });

  await page.getByRole('button', { name: '新增平台' }).click();
  let dialog = page.getByRole('dialog', { name: '新增平台' });
  await dialog.getByLabel('平台名称').fill(name);
  await dialog.getByLabel('平台编码').fill('E2E');
  await dialog.getByRole('button', { name: '确定' }).click();
  await expect(dialog.getByText('请输入小写字母开头的 2-32 位小写字母、数字或 _')).toBeVisible();
  // A refused save (the code of a seeded platform) keeps what was typed.
  await dialog.getByLabel('平台编码').fill('taobao');
  await dialog.getByRole('button', { name: '确定' }).click();
  await expect(page.getByText('平台编码已存在')).toBeVisible();
  await expect(dialog.getByLabel('平台名称')).toHaveValue(name);
  await dialog.getByLabel('平台编码').fill(code);
  await dialog.getByRole('button', { name: '确定' }).click();
  await expect(page.getByText(`平台“${name}”已保存`)).toBeVisible();
  await expect(dialog).toBeHidden();
  const row = platforms.locator('[data-slot=data-table-row]').filter({ hasText: code });
  await expect(row).toContainText(name);
  await expect(row).toContainText('已启用');

  // Edit: rename and disable.
  await page.getByRole('button', { name: `编辑平台 ${name}` }).click();
  dialog = page.getByRole('dialog', { name: '编辑平台' });
  await expect(dialog.getByLabel('平台编码')).toHaveValue(code);
  const renamed = `${name} 改`;
  await dialog.getByLabel('平台名称').fill(renamed);
  await dialog.getByRole('switch', { name: '启用' }).click();
  await dialog.getByRole('button', { name: '确定' }).click();
  await expect(page.getByText(`平台“${renamed}”已保存`)).toBeVisible();
  await expect(row).toContainText(renamed);
  await expect(row).toContainText('已停用');

  // Its authorisations: empty at first, then one added, edited and deleted.
  await page.getByRole('button', { name: `查看平台 ${renamed} 的授权` }).click();
  const auths = page.getByRole('region', { name: `${renamed} 的授权` }).first();
  await expect(auths.locator('[data-slot=data-table]')).toHaveAttribute('data-state', 'empty');
  await auths.getByRole('button', { name: '新增授权' }).click();
  dialog = page.getByRole('dialog', { name: '新增授权' });
  await dialog.getByLabel('店铺名称').fill('E2E 旗舰店');
  await dialog.getByLabel('App Key').fill('e2e-key');
  await dialog.getByLabel('App Secret').fill('e2e-secret');
  // 服务ID is 抖店's alone.
  await expect(dialog.getByLabel('服务ID')).toHaveCount(0);
  await dialog.getByRole('button', { name: '确定' }).click();
  await expect(page.getByText('授权“E2E 旗舰店”已保存')).toBeVisible();
  await expect(dialog).toBeHidden();
  const authRow = auths.locator('[data-slot=data-table-row]').filter({ hasText: 'e2e-key' });
  await expect(authRow).toContainText('E2E 旗舰店');
  await expect(authRow).toContainText('长期有效');
  await expect(authRow.locator('[data-slot=badge-indicator]')).toHaveText('有效');
  await expect(auths).not.toContainText('e2e-secret');
  await expect(authRow).toContainText('已设置（加密保存）');

  await page.getByRole('button', { name: '编辑授权 E2E 旗舰店' }).click();
  dialog = page.getByRole('dialog', { name: '编辑授权' });
  await expect(dialog.getByLabel('App Secret')).toHaveValue('');
  await dialog.getByLabel('店铺名称').fill('E2E 专营店');
  await dialog.getByRole('button', { name: '确定' }).click();
  await expect(page.getByText('授权“E2E 专营店”已保存')).toBeVisible();
  await expect(authRow).toContainText('E2E 专营店');
  // Left empty, the secret is kept.
  await expect(authRow).toContainText('已设置（加密保存）');

  await page.getByRole('button', { name: '删除授权 E2E 专营店' }).click();
  let confirm = page.getByRole('alertdialog', { name: '删除授权' });
  await confirm.getByRole('button', { name: '删除' }).click();
  await expect(page.getByText('授权“E2E 专营店”已删除')).toBeVisible();
  await expect(authRow).toHaveCount(0);

  await page.getByRole('button', { name: `删除平台 ${renamed}` }).click();
  confirm = page.getByRole('alertdialog', { name: '删除平台' });
  await confirm.getByRole('button', { name: '删除' }).click();
  await expect(page.getByText(`平台“${renamed}”已删除`)).toBeVisible();
  await expect(row).toHaveCount(0);
  await expect(page.getByText('选择上方的一个平台，查看它的店铺授权。')).toBeVisible();

  // 抖店's app (the sandbox's, registered at start) shows and edits its 服务ID: digits only.
  await page.getByRole('button', { name: '查看平台 抖店 的授权' }).click();
  const doudian = page.getByRole('region', { name: '抖店 的授权' }).first();
  const sandboxApp = doudian.locator('[data-slot=data-table-row]').filter({ hasText: '抖店沙箱应用' });
  await expect(sandboxApp).toContainText('7001');
  await page.getByRole('button', { name: '编辑授权 抖店沙箱应用' }).click();
  dialog = page.getByRole('dialog', { name: '编辑授权' });
  await expect(dialog.getByLabel('服务ID')).toHaveValue('7001');
  await dialog.getByLabel('服务ID').fill('70a1');
  await dialog.getByRole('button', { name: '确定' }).click();
  await expect(dialog.getByText('服务ID 只能填写数字（抖店服务市场中服务的 ID）')).toBeVisible();
  await dialog.getByRole('button', { name: '取消' }).click();
  await expect(sandboxApp).toContainText('7001');
});
