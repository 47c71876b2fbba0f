import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { Button } from './button';
import { Card, CardAction, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from './card';

const meta = {
  title: 'Components/Card',
  component: Card,
} satisfies Meta<typeof Card>;
export default meta;
type Story = StoryObj<typeof meta>;

function OrdersCard() {
  return (
    <Card className="w-80">
      <CardHeader>
        <CardTitle>今日订单</CardTitle>
        <CardDescription>截至 10:05 的数据</CardDescription>
        <CardAction>
          <Button variant="link" size="sm">
            查看全部
          </Button>
        </CardAction>
      </CardHeader>
      <CardContent>
        <p className="text-3xl font-semibold tabular-nums">128</p>
      </CardContent>
      <CardFooter>
        <Button variant="primary" size="sm">
          导出
        </Button>
      </CardFooter>
    </Card>
  );
}

export const Default: Story = {
  render: () => <OrdersCard />,
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { name: '今日订单' })).toBeVisible();
  },
};

export const Dark: Story = {
  render: () => <OrdersCard />,
  globals: { theme: 'dark' },
  play: async ({ canvasElement }) => {
    const card = canvasElement.querySelector('[data-slot=card]') as HTMLElement;
    await expect(getComputedStyle(card).backgroundColor).toBe('rgb(31, 31, 31)');
  },
};

/** Themes are classes on any element: a dark card inside a light page, and a light one inside a dark panel. */
export const NestedThemes: Story = {
  render: () => (
    <div className="flex gap-4">
      <div className="dark rounded-lg bg-background p-4" data-testid="dark-panel">
        <OrdersCard />
        <div className="light mt-4 rounded-lg bg-background p-4">
          <Card data-testid="light-again" className="w-72 px-5">
            <CardTitle>浅色</CardTitle>
          </Card>
        </div>
      </div>
    </div>
  ),
  play: async ({ canvas }) => {
    const darkCard = canvas.getByTestId('dark-panel').querySelector('[data-slot=card]') as HTMLElement;
    await expect(getComputedStyle(darkCard).backgroundColor).toBe('rgb(31, 31, 31)');
    await expect(getComputedStyle(canvas.getByTestId('light-again')).backgroundColor).toBe(
      'rgb(255, 255, 255)',
    );
  },
};
