import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, userEvent, waitFor } from 'storybook/test';
import { Button } from './button';
import { Field } from './field';
import { Input } from './input';
import { Popover, PopoverClose, PopoverContent, PopoverTrigger } from './popover';

const meta = {
  title: 'Components/Popover',
  component: Popover,
} satisfies Meta<typeof Popover>;
export default meta;

// While a Radix layer is open it hides the rest of the page (aria-hidden) and axe flags the focusable
// elements behind it. Only the stories that end with the layer open turn that rule off.
const openLayer = { a11y: { config: { rules: [{ id: 'aria-hidden-focus', enabled: false }] } } };
type Story = StoryObj<typeof meta>;

function Filter(props: React.ComponentProps<typeof Popover>) {
  return (
    <Popover {...props}>
      <PopoverTrigger asChild>
        <Button>筛选</Button>
      </PopoverTrigger>
      <PopoverContent aria-label="筛选条件" className="flex flex-col gap-3">
        <Field label="订单号">
          <Input />
        </Field>
        <PopoverClose asChild>
          <Button variant="primary" size="sm" className="self-end">
            应用
          </Button>
        </PopoverClose>
      </PopoverContent>
    </Popover>
  );
}

export const Default: Story = {
  render: () => <Filter />,
  play: async ({ canvas }) => {
    const trigger = canvas.getByRole('button', { name: '筛选' });
    await userEvent.click(trigger);
    await expect(trigger).toHaveAttribute('aria-expanded', 'true');
    await expect(await screen.findByRole('dialog', { name: '筛选条件' })).toBeVisible();
    await userEvent.type(screen.getByRole('textbox', { name: '订单号' }), 'A100');
    await userEvent.click(screen.getByRole('button', { name: '应用' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await expect(trigger).toHaveAttribute('aria-expanded', 'false');
  },
};

export const OpenDark: Story = {
  parameters: openLayer,
  render: () => <Filter defaultOpen />,
  globals: { theme: 'dark' },
  play: async () => {
    await expect(await screen.findByRole('dialog', { name: '筛选条件' })).toBeVisible();
  },
};
