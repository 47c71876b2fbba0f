import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent, waitFor } from 'storybook/test';
import { Button } from './button';
import { ConfirmDialog } from './confirm-dialog';

const meta = {
  title: 'Components/ConfirmDialog',
  component: ConfirmDialog,
  args: {
    title: '确定删除该店铺吗？',
    description: '删除后，店铺下的商品与订单记录将无法恢复。',
    onConfirm: fn(),
    onCancel: fn(),
    onOpenChange: fn(),
  },
} satisfies Meta<typeof ConfirmDialog>;
export default meta;

// While a Radix layer is open it hides the rest of the page (aria-hidden) and axe flags the focusable
// elements behind it. Only the stories that end with the layer open turn that rule off.
const openLayer = { a11y: { config: { rules: [{ id: 'aria-hidden-focus', enabled: false }] } } };
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  args: { trigger: <Button>删除</Button> },
  play: async ({ canvas, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: '删除' }));
    const dialog = await screen.findByRole('alertdialog', { name: '确定删除该店铺吗？' });
    await expect(dialog).toBeVisible();
    // The safe answer has focus.
    await waitFor(() => expect(screen.getByRole('button', { name: '取消' })).toHaveFocus());
    await userEvent.click(screen.getByRole('button', { name: '确定' }));
    await expect(args.onConfirm).toHaveBeenCalledOnce();
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
  },
};

export const Cancel: Story = {
  args: { trigger: <Button>删除</Button> },
  play: async ({ canvas, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: '删除' }));
    await userEvent.click(await screen.findByRole('button', { name: '取消' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    await expect(args.onCancel).toHaveBeenCalledOnce();
    await expect(args.onConfirm).not.toHaveBeenCalled();
  },
};

/** `onConfirm` returns a promise: the button is busy until it settles, then the dialog closes. */
export const AsyncSuccess: Story = {
  args: {
    trigger: <Button>删除</Button>,
    variant: 'danger',
    confirmText: '删除',
    onConfirm: fn(() => new Promise<void>((resolve) => setTimeout(resolve, 300))),
  },
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: '删除' }));
    const dialog = await screen.findByRole('alertdialog');
    const confirm = screen
      .getAllByRole('button', { name: '删除' })
      .find((b) => dialog.contains(b)) as HTMLElement;
    await userEvent.click(confirm);
    await expect(confirm).toHaveAttribute('aria-busy', 'true');
    await expect(confirm).toBeDisabled();
    await expect(screen.getByRole('button', { name: '取消' })).toBeDisabled();
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
  },
};

/** A rejected promise keeps the dialog open, ready for another try. */
export const AsyncFailure: Story = {
  parameters: openLayer,
  args: {
    defaultOpen: true,
    variant: 'danger',
    onConfirm: fn(
      () => new Promise<void>((_, reject) => setTimeout(() => reject(new Error('网络异常')), 100)),
    ),
  },
  play: async ({ args }) => {
    await screen.findByRole('alertdialog');
    const confirm = screen.getByRole('button', { name: '确定' });
    await userEvent.click(confirm);
    await waitFor(() => expect(confirm).not.toHaveAttribute('aria-busy'));
    await expect(screen.getByRole('alertdialog')).toBeVisible();
    await expect(confirm).toBeEnabled();
    await expect(args.onConfirm).toHaveBeenCalledOnce();
  },
};

export const DangerDark: Story = {
  parameters: openLayer,
  args: { defaultOpen: true, variant: 'danger', confirmText: '删除' },
  globals: { theme: 'dark' },
  play: async () => {
    await expect(await screen.findByRole('alertdialog')).toHaveAttribute('data-variant', 'danger');
  },
};
