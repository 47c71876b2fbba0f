import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { Avatar, AvatarFallback, AvatarImage } from './avatar';

// A tiny inline image, so the story needs no network.
const PIXEL =
  'data:image/svg+xml,%3Csvg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 8 8"%3E%3Crect width="8" height="8" fill="%231668dc"/%3E%3Ccircle cx="4" cy="3" r="1.6" fill="white"/%3E%3C/svg%3E';

const meta = {
  title: 'Components/Avatar',
  component: Avatar,
} satisfies Meta<typeof Avatar>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Image: Story = {
  render: () => (
    <Avatar size="lg">
      <AvatarImage src={PIXEL} alt="管理员" />
      <AvatarFallback name="管理员" />
    </Avatar>
  ),
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('img', { name: '管理员' })).toBeVisible();
  },
};

/** A broken image falls back to initials; with no name, a person icon. */
export const Fallbacks: Story = {
  render: () => (
    <div className="flex items-center gap-3">
      <Avatar size="sm">
        <AvatarImage src="data:image/png;base64,broken" alt="" />
        <AvatarFallback name="管理员" />
      </Avatar>
      <Avatar>
        <AvatarFallback name="Jane Doe" />
      </Avatar>
      <Avatar size="lg">
        <AvatarFallback />
      </Avatar>
    </div>
  ),
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('管')).toBeVisible();
    await expect(canvas.getByText('JD')).toBeVisible();
  },
};

export const Dark: Story = { ...Fallbacks, globals: { theme: 'dark' } };
