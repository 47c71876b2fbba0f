import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { banners, companyConfig, createFakeApi } from '../stories/fixtures';
import { withShellRouter } from '../stories/router-decorator';
import { LoginQrPanel } from './login-qr-panel';
import { LoginScreen } from './login-screen';
import { resetSmsCountdown } from './use-sms-countdown';

function apiWith(count: number) {
  return createFakeApi({ config: { ...companyConfig, ad_list: banners.slice(0, count) } });
}

const meta = {
  title: 'Shell/LoginScreen',
  component: LoginScreen,
  decorators: [withShellRouter],
  parameters: { layout: 'fullscreen', router: { path: '/login', api: apiWith(3) } },
  args: { autoplay: false },
  beforeEach: () => {
    localStorage.clear();
    resetSmsCountdown();
  },
} satisfies Meta<typeof LoginScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

async function ready(canvasElement: HTMLElement) {
  const canvas = within(canvasElement);
  await canvas.findByRole('heading', { name: companyConfig.short_name });
  return canvas;
}

export const ThreeBanners: Story = {
  play: async ({ canvasElement }) => {
    await ready(canvasElement);
    await waitFor(() =>
      expect(canvasElement.querySelectorAll('[data-slot=login-banners] img')).toHaveLength(3),
    );
  },
};

export const ThreeBannersDark: Story = { ...ThreeBanners, globals: { theme: 'dark' } };

export const OneBanner: Story = {
  parameters: { router: { path: '/login', api: apiWith(1) } },
  play: async ({ canvasElement }) => {
    await ready(canvasElement);
    await waitFor(() =>
      expect(canvasElement.querySelectorAll('[data-slot=login-banners] img')).toHaveLength(1),
    );
  },
};

export const NoBanners: Story = {
  parameters: { router: { path: '/login', api: apiWith(0) } },
  play: async ({ canvasElement }) => {
    await ready(canvasElement);
    // The carousel (loaded beside the first paint) shows its branded fallback panel.
    await waitFor(() =>
      expect(canvasElement.querySelector('[data-slot=banner-carousel-fallback]')).not.toBeNull(),
    );
    await expect(canvasElement.querySelectorAll('[data-slot=login-banners] img')).toHaveLength(0);
  },
};

/** Both fields empty on submit: each shows its message. */
export const EmptySubmit: Story = {
  play: async ({ canvasElement }) => {
    const canvas = await ready(canvasElement);
    await expect(canvas.getByRole('button', { name: '获取验证码' })).toBeDisabled();
    await userEvent.click(canvas.getByRole('button', { name: '登录' }));
    await expect(canvas.getByPlaceholderText('请输入手机号')).toHaveAttribute('aria-invalid', 'true');
    await expect(canvas.getByText('请输入手机号', { selector: '[data-slot=field-error]' })).toBeVisible();
  },
};

/** A valid mobile and no code: the code's message. */
export const MissingCode: Story = {
  play: async ({ canvasElement }) => {
    const canvas = await ready(canvasElement);
    await userEvent.type(canvas.getByPlaceholderText('请输入手机号'), '138 0000 0000');
    await expect(canvas.getByPlaceholderText('请输入手机号')).toHaveValue('13800000000');
    await expect(canvas.getByRole('button', { name: '获取验证码' })).toBeEnabled();
    await userEvent.click(canvas.getByRole('button', { name: '登录' }));
    await expect(canvas.getByPlaceholderText('请输入短信验证码')).toHaveAttribute('aria-invalid', 'true');
  },
};

/** An invalid mobile keeps 获取验证码 disabled. */
export const InvalidMobile: Story = {
  play: async ({ canvasElement }) => {
    const canvas = await ready(canvasElement);
    await userEvent.type(canvas.getByPlaceholderText('请输入手机号'), '11800000000');
    await expect(canvas.getByRole('button', { name: '获取验证码' })).toBeDisabled();
  },
};

/** The agreement unticked: submitting warns and does not log in. */
export const AgreementUnticked: Story = {
  parameters: { screenshot: false },
  play: async ({ canvasElement }) => {
    const canvas = await ready(canvasElement);
    await userEvent.click(canvas.getByRole('checkbox'));
    await userEvent.type(canvas.getByPlaceholderText('请输入手机号'), '13800000000');
    await userEvent.type(canvas.getByPlaceholderText('请输入短信验证码'), '123456');
    await userEvent.click(canvas.getByRole('button', { name: '登录' }));
    const body = within(canvasElement.ownerDocument.body);
    await expect(await body.findByText('请先勾选用户协议和隐私政策')).toBeVisible();
  },
};

/** After 获取验证码: the button counts down, disabled (the seconds tick, so no screenshot). */
export const Countdown: Story = {
  parameters: { screenshot: false },
  play: async ({ canvasElement }) => {
    const canvas = await ready(canvasElement);
    await userEvent.type(canvas.getByPlaceholderText('请输入手机号'), '13800000000');
    await userEvent.click(canvas.getByRole('button', { name: '获取验证码' }));
    const button = await canvas.findByRole('button', { name: /秒后重新获取/ });
    await expect(button).toBeDisabled();
    await expect(button.textContent).toMatch(/^(60|59)秒后重新获取$/);
  },
};

/** The QR panel that the toggle never switches to (docs/product.md#screens-and-routes), on its own. */
export const QrPanel: StoryObj<typeof LoginQrPanel> = {
  render: () => <LoginQrPanel className="p-8" />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('使用微信扫一扫')).toBeVisible();
    const code = canvasElement.querySelector<HTMLElement>('[data-slot=login-qr-code]');
    await expect(code?.getBoundingClientRect().width).toBe(160);
  },
};
