import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent } from 'storybook/test';
import { Button } from './button';

const meta = {
  title: 'Components/Button',
  component: Button,
  args: { children: '按钮', onClick: fn() },
  argTypes: {
    variant: { control: 'inline-radio', options: ['primary', 'default', 'danger', 'ghost', 'link'] },
    size: { control: 'inline-radio', options: ['sm', 'md', 'lg'] },
  },
} satisfies Meta<typeof Button>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Primary: Story = {
  args: { variant: 'primary' },
  play: async ({ canvas, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: '按钮' }));
    await expect(args.onClick).toHaveBeenCalledOnce();
  },
};

/** The header's red 充值 button. */
export const Danger: Story = { args: { variant: 'danger', children: '充值' } };

const variants = ['primary', 'default', 'danger', 'ghost', 'link'] as const;
const labels = { primary: '主要', default: '默认', danger: '充值', ghost: '幽灵', link: '链接' };

function AllVariants() {
  return (
    <div className="flex flex-col gap-3">
      {(['sm', 'md', 'lg'] as const).map((size) => (
        <div key={size} className="flex items-center gap-3">
          {variants.map((variant) => (
            <Button key={variant} variant={variant} size={size}>
              {labels[variant]}
            </Button>
          ))}
        </div>
      ))}
      <div className="flex items-center gap-3">
        {variants.map((variant) => (
          <Button key={variant} variant={variant} disabled>
            {labels[variant]}
          </Button>
        ))}
      </div>
    </div>
  );
}

export const Variants: Story = { render: () => <AllVariants /> };

export const VariantsDark: Story = {
  globals: { theme: 'dark' },
  render: () => <AllVariants />,
  play: async ({ canvas }) => {
    // The default button's surface comes from the dark card token, not the light one.
    const button = canvas.getAllByRole('button', { name: '默认' })[0];
    await expect(getComputedStyle(button as HTMLElement).backgroundColor).toBe('rgb(31, 31, 31)');
  },
};

export const Loading: Story = {
  args: { variant: 'primary', loading: true, children: '提交中' },
  play: async ({ canvas, args }) => {
    const button = canvas.getByRole('button', { name: '提交中' });
    await expect(button).toBeDisabled();
    await expect(button).toHaveAttribute('aria-busy', 'true');
    await userEvent.click(button, { pointerEventsCheck: 0 });
    await expect(args.onClick).not.toHaveBeenCalled();
  },
};

/** `asChild` gives a link the button's look; it stays a link. */
export const AsLink: Story = {
  render: () => (
    <Button asChild variant="primary">
      <a href="#recharge">去充值</a>
    </Button>
  ),
  play: async ({ canvas }) => {
    const link = canvas.getByRole('link', { name: '去充值' });
    await expect(link).toHaveAttribute('href', '#recharge');
    await expect(link).toHaveAttribute('data-slot', 'button');
    await expect(canvas.queryByRole('button')).toBeNull();
  },
};
