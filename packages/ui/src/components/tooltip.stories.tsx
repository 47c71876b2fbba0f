import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, userEvent, waitFor } from 'storybook/test';
import { Button } from './button';
import { Tooltip, TooltipContent, TooltipTrigger } from './tooltip';

const meta = {
  title: 'Components/Tooltip',
  component: Tooltip,
} satisfies Meta<typeof Tooltip>;
export default meta;
type Story = StoryObj<typeof meta>;

function Help(props: React.ComponentProps<typeof Tooltip>) {
  return (
    <Tooltip {...props}>
      <TooltipTrigger asChild>
        <Button>帮助</Button>
      </TooltipTrigger>
      <TooltipContent>查看使用文档</TooltipContent>
    </Tooltip>
  );
}

/** Keyboard focus opens it (no mouse needed) and it describes its trigger; Escape closes it. */
export const OnFocus: Story = {
  render: () => <Help />,
  play: async ({ canvas }) => {
    await userEvent.tab();
    const trigger = canvas.getByRole('button', { name: '帮助' });
    await expect(trigger).toHaveFocus();
    await expect(await screen.findByRole('tooltip')).toHaveTextContent('查看使用文档');
    await expect(trigger).toHaveAccessibleDescription('查看使用文档');
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('tooltip')).toBeNull());
  },
};

export const OnHover: Story = {
  render: () => <Help delayDuration={0} />,
  play: async ({ canvas }) => {
    await userEvent.hover(canvas.getByRole('button', { name: '帮助' }));
    await expect(await screen.findByRole('tooltip')).toHaveTextContent('查看使用文档');
  },
};

export const OpenDark: Story = {
  render: () => <Help defaultOpen />,
  globals: { theme: 'dark' },
  play: async () => {
    await expect(await screen.findByRole('tooltip')).toHaveTextContent('查看使用文档');
  },
};
