import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent } from 'storybook/test';
import { Checkbox } from './checkbox';
import { Field } from './field';
import { Input } from './input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from './select';
import { Switch } from './switch';

const meta = {
  title: 'Components/Field',
  component: Field,
  args: { label: '手机号', children: null },
  decorators: [(Story) => <div className="w-80">{Story()}</div>],
} satisfies Meta<typeof Field>;
export default meta;
type Story = StoryObj<typeof meta>;

export const WithHelp: Story = {
  render: () => (
    <Field label="手机号" description="用于接收验证码" required>
      <Input placeholder="请输入手机号" />
    </Field>
  ),
  play: async ({ canvas }) => {
    const input = canvas.getByRole('textbox', { name: '手机号' });
    await expect(input).toHaveAccessibleDescription('用于接收验证码');
    await expect(input).toBeRequired();
    await userEvent.click(canvas.getByText('手机号'));
    await expect(input).toHaveFocus();
  },
};

export const WithError: Story = {
  render: () => (
    <Field label="验证码" description="6 位数字" error="验证码错误">
      <Input placeholder="请输入短信验证码" maxLength={6} />
    </Field>
  ),
  play: async ({ canvas }) => {
    const input = canvas.getByRole('textbox', { name: '验证码' });
    await expect(input).toBeInvalid();
    await expect(input).toHaveAccessibleDescription('6 位数字 验证码错误');
    await expect(canvas.getByRole('alert')).toHaveTextContent('验证码错误');
  },
};

export const OtherControls: Story = {
  render: () => (
    <div className="flex flex-col gap-4">
      <Field label="店铺类型" error="请选择店铺类型">
        <Select>
          <SelectTrigger className="w-full">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value="tb">淘宝</SelectItem>
          </SelectContent>
        </Select>
      </Field>
      <Field label="自动发货" orientation="horizontal">
        <Switch />
      </Field>
      <Field label="记住我" orientation="horizontal">
        <Checkbox />
      </Field>
      <Field label="备注" description="最多 200 字">
        {(control) => (
          <textarea {...control} maxLength={200} className="rounded-md border border-input p-2" />
        )}
      </Field>
    </div>
  ),
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('combobox', { name: '店铺类型' })).toHaveAccessibleDescription(
      '请选择店铺类型',
    );
    await expect(canvas.getByRole('combobox', { name: '店铺类型' })).toHaveAttribute('aria-invalid', 'true');
    await userEvent.click(canvas.getByText('自动发货'));
    await expect(canvas.getByRole('switch', { name: '自动发货' })).toBeChecked();
    await userEvent.click(canvas.getByText('记住我'));
    await expect(canvas.getByRole('checkbox', { name: '记住我' })).toBeChecked();
    await expect(canvas.getByRole('textbox', { name: '备注' })).toHaveAccessibleDescription('最多 200 字');
  },
};

export const Dark: Story = { ...WithError, globals: { theme: 'dark' } };
