import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { Button } from './button';
import { ErrorPage } from './error-page';

const meta = {
  title: 'Components/ErrorPage',
  component: ErrorPage,
  args: { status: 404 },
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof ErrorPage>;
export default meta;
type Story = StoryObj<typeof meta>;

const home = (
  <Button variant="primary" asChild>
    <a href="/">返回首页</a>
  </Button>
);

export const Forbidden: Story = {
  args: { status: 403, action: home },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { level: 1, name: '403' })).toBeVisible();
    await expect(canvas.getByText('抱歉，您没有权限访问此页面。')).toBeVisible();
    await expect(canvas.getByRole('link', { name: '返回首页' })).toHaveAttribute('href', '/');
  },
};

export const NotFound: Story = {
  args: { status: 404, action: home },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { level: 1, name: '404' })).toBeVisible();
    await expect(canvas.getByText('抱歉, 您访问的网页不存在')).toBeVisible();
  },
};

/** The app adds the 报错页面 link to the page that failed. */
export const ServerError: Story = {
  args: { status: 500, action: home },
  render: (args) => (
    <ErrorPage {...args}>
      <a className="text-sm text-link underline-offset-4 hover:underline" href="/order/index">
        报错页面
      </a>
    </ErrorPage>
  ),
  play: async ({ canvas }) => {
    await expect(canvas.getByText('抱歉，服务器内部错误。')).toBeVisible();
    await expect(canvas.getByRole('link', { name: '报错页面' })).toHaveAttribute('href', '/order/index');
  },
};

export const NotFoundDark: Story = { ...NotFound, globals: { theme: 'dark' } };
export const ServerErrorDark: Story = { ...ServerError, globals: { theme: 'dark' } };

export const Narrow: Story = {
  ...Forbidden,
  globals: { viewport: { value: 'mobile', isRotated: false } },
};
