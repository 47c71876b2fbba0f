import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent } from 'storybook/test';
import { Badge } from './badge';
import { IconButton } from './icon-button';

function BellIcon() {
  return (
    <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
      <path d="M10.268 21a2 2 0 0 0 3.464 0" />
      <path d="M3.262 15.326A1 1 0 0 0 4 17h16a1 1 0 0 0 .74-1.673C19.41 13.956 18 12.499 18 8A6 6 0 0 0 6 8c0 4.499-1.411 5.956-2.738 7.326" />
    </svg>
  );
}

const meta = {
  title: 'Components/IconButton',
  component: IconButton,
  args: { 'aria-label': '消息通知', children: <BellIcon />, onClick: fn() },
} satisfies Meta<typeof IconButton>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: '消息通知' }));
    await expect(args.onClick).toHaveBeenCalledOnce();
  },
};

export const Sizes: Story = {
  render: (args) => (
    <div className="flex items-center gap-3">
      <IconButton {...args} size="sm" />
      <IconButton {...args} size="md" variant="default" />
      <IconButton {...args} size="lg" variant="primary" />
    </div>
  ),
};

/** The header's bell: the badge does not change the button's name. */
export const WithBadge: Story = {
  render: (args) => (
    <Badge count={99}>
      <IconButton {...args} />
    </Badge>
  ),
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: '消息通知' })).toBeVisible();
    await expect(canvas.getByText('99')).toBeVisible();
  },
};

export const Dark: Story = { ...WithBadge, globals: { theme: 'dark' } };
