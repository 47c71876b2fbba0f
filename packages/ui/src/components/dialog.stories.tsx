import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, screen, userEvent, waitFor } from 'storybook/test';
import { Button } from './button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from './dialog';
import { Field } from './field';
import { Input } from './input';

const meta = {
  title: 'Components/Dialog',
  component: Dialog,
} satisfies Meta<typeof Dialog>;
export default meta;

// While a Radix layer is open it hides the rest of the page (aria-hidden) and axe flags the focusable
// elements behind it. Only the stories that end with the layer open turn that rule off.
const openLayer = { a11y: { config: { rules: [{ id: 'aria-hidden-focus', enabled: false }] } } };
type Story = StoryObj<typeof meta>;

function EditShop(props: React.ComponentProps<typeof Dialog>) {
  return (
    <Dialog {...props}>
      <DialogTrigger asChild>
        <Button variant="primary">编辑店铺</Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>编辑店铺</DialogTitle>
          <DialogDescription>修改后立即生效。</DialogDescription>
        </DialogHeader>
        <Field label="店铺名称">
          <Input defaultValue="旗舰店" />
        </Field>
        <DialogFooter>
          <DialogClose asChild>
            <Button>取消</Button>
          </DialogClose>
          <Button variant="primary">保存</Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

/** Uncontrolled: the trigger opens it; 关闭, Escape and 取消 close it; focus returns to the trigger. */
export const Uncontrolled: Story = {
  render: () => <EditShop />,
  play: async ({ canvas }) => {
    const trigger = canvas.getByRole('button', { name: '编辑店铺' });
    await userEvent.click(trigger);
    const dialog = await screen.findByRole('dialog', { name: '编辑店铺' });
    await expect(dialog).toHaveAccessibleDescription('修改后立即生效。');
    await userEvent.click(screen.getByRole('button', { name: '关闭' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(trigger).toHaveFocus());

    await userEvent.click(trigger);
    await screen.findByRole('dialog');
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  },
};

function ControlledDemo() {
  const [open, setOpen] = useState(false);
  return (
    <div className="flex items-center gap-3">
      <Button onClick={() => setOpen(true)}>从外部打开</Button>
      <span>状态：{open ? '打开' : '关闭'}</span>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>受控对话框</DialogTitle>
            <DialogDescription>由父组件的状态打开和关闭。</DialogDescription>
          </DialogHeader>
        </DialogContent>
      </Dialog>
    </div>
  );
}

export const Controlled: Story = {
  render: () => <ControlledDemo />,
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: '从外部打开' }));
    await expect(await screen.findByRole('dialog', { name: '受控对话框' })).toBeVisible();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(canvas.getByText('状态：关闭')).toBeVisible());
  },
};

export const OpenDark: Story = {
  parameters: openLayer,
  render: () => <EditShop defaultOpen />,
  globals: { theme: 'dark' },
  play: async () => {
    await expect(await screen.findByRole('dialog', { name: '编辑店铺' })).toBeVisible();
  },
};
