import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent } from 'storybook/test';
import { Field } from './field';
import { Input } from './input';

const meta = {
  title: 'Components/Input',
  component: Input,
  args: { placeholder: '请输入手机号', 'aria-label': '手机号', onChange: fn(), onClear: fn() },
  decorators: [(Story) => <div className="w-72">{Story()}</div>],
} satisfies Meta<typeof Input>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas }) => {
    const input = canvas.getByRole('textbox', { name: '手机号' });
    await userEvent.type(input, '13800000000');
    await expect(input).toHaveValue('13800000000');
  },
};

/** The 清除 button appears with text and empties the input through onChange. */
export const AllowClear: Story = {
  args: { allowClear: true, defaultValue: '13800000000' },
  play: async ({ canvas, args }) => {
    const input = canvas.getByRole('textbox', { name: '手机号' });
    await userEvent.click(canvas.getByRole('button', { name: '清除' }));
    await expect(input).toHaveValue('');
    await expect(input).toHaveFocus();
    await expect(args.onClear).toHaveBeenCalledOnce();
    await expect(canvas.queryByRole('button', { name: '清除' })).toBeNull();
  },
};

export const PrefixAndSuffix: Story = {
  args: { prefix: '+86', suffix: '元', placeholder: '金额', 'aria-label': '金额' },
};

export const Sizes: Story = {
  render: (args) => (
    <div className="flex flex-col gap-3">
      <Input {...args} size="sm" aria-label="小" placeholder="小" />
      <Input {...args} size="md" aria-label="中" placeholder="中" />
      <Input {...args} size="lg" aria-label="大" placeholder="大" />
      <Input {...args} disabled aria-label="禁用" placeholder="禁用" />
    </div>
  ),
};

export const Invalid: Story = {
  render: () => (
    <Field label="手机号" error="请输入正确的手机号">
      <Input defaultValue="1380000" allowClear />
    </Field>
  ),
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('textbox', { name: '手机号' })).toHaveAccessibleDescription(
      '请输入正确的手机号',
    );
  },
};

export const Dark: Story = {
  args: { allowClear: true, defaultValue: '13800000000', prefix: '+86' },
  globals: { theme: 'dark' },
};
