import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, userEvent } from 'storybook/test';
import { Button } from './button';
import { Toaster, toast } from './toaster';

const meta = {
  title: 'Components/Toaster',
  component: Toaster,
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof Toaster>;
export default meta;
type Story = StoryObj<typeof meta>;

function Demo() {
  return (
    <div className="flex flex-wrap gap-2 p-6">
      <Button onClick={() => toast.success('登录成功')}>成功</Button>
      <Button onClick={() => toast.info('验证码已发送到您的手机')}>信息</Button>
      <Button onClick={() => toast.warning('请先勾选用户协议和隐私政策')}>警告</Button>
      <Button onClick={() => toast.error('请求失败', { description: '网络异常' })}>错误</Button>
      <Toaster duration={60_000} />
    </div>
  );
}

export const Kinds: Story = {
  render: () => <Demo />,
  play: async ({ canvas }) => {
    toast.dismiss();
    await userEvent.click(canvas.getByRole('button', { name: '错误' }));
    await expect(await screen.findByText('请求失败')).toBeVisible();
    await expect(screen.getByText('网络异常')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: '成功' }));
    await expect(await screen.findByText('登录成功')).toBeVisible();
    // The toasts live in a labelled region screen readers can jump to.
    await expect(screen.getByRole('region', { name: /通知/ })).toBeInTheDocument();
  },
};

export const KindsDark: Story = {
  render: () => <Demo />,
  globals: { theme: 'dark' },
  play: async ({ canvas }) => {
    toast.dismiss();
    await userEvent.click(canvas.getByRole('button', { name: '警告' }));
    const text = await screen.findByText('请先勾选用户协议和隐私政策');
    await expect(text).toBeVisible();
    // The toast takes the dark popover surface from the tokens.
    const card = text.closest('[data-sonner-toast]') as HTMLElement;
    await expect(getComputedStyle(card).backgroundColor).toBe('rgb(38, 38, 38)');
  },
};
