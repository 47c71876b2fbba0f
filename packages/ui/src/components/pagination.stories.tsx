import type { Meta, StoryObj } from '@storybook/react-vite';
import * as React from 'react';
import { expect, fn, userEvent, within } from 'storybook/test';
import { Pagination, type PaginationProps } from './pagination';

/** Holds the page state the way a list page does (in the URL, in the app). */
function Controlled(props: PaginationProps) {
  const [state, setState] = React.useState({ current: props.current, pageSize: props.pageSize });
  return (
    <Pagination
      {...props}
      current={state.current}
      pageSize={state.pageSize}
      onChange={(current, pageSize) => {
        setState({ current, pageSize });
        props.onChange(current, pageSize);
      }}
    />
  );
}

const meta = {
  title: 'Navigation/Pagination',
  component: Pagination,
  args: { current: 1, pageSize: 20, total: 500, onChange: fn() },
  render: (args) => <Controlled {...args} />,
} satisfies Meta<typeof Pagination>;
export default meta;
type Story = StoryObj<typeof meta>;

export const FirstPage: Story = {
  play: async ({ canvas, args }) => {
    await expect(canvas.getByText('共 500 条')).toBeVisible();
    await expect(canvas.getByRole('button', { name: '上一页' })).toBeDisabled();
    await userEvent.click(canvas.getByRole('button', { name: '第 2 页' }));
    await expect(args.onChange).toHaveBeenLastCalledWith(2, 20);
    await expect(canvas.getByRole('button', { name: '第 2 页' })).toHaveAttribute('aria-current', 'page');
    await userEvent.click(canvas.getByRole('button', { name: '下一页' }));
    await expect(args.onChange).toHaveBeenLastCalledWith(3, 20);
  },
};

export const MiddlePage: Story = {
  args: { current: 12 },
  play: async ({ canvas, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: '向后 5 页' }));
    await expect(args.onChange).toHaveBeenLastCalledWith(17, 20);
  },
};

export const LastPage: Story = { args: { current: 25 } };

export const FewPages: Story = { args: { total: 45 } };

export const Empty: Story = { args: { total: 0 } };

export const Disabled: Story = {
  args: { current: 3, disabled: true },
  play: async ({ canvas }) => {
    for (const button of canvas.getAllByRole('button')) await expect(button).toBeDisabled();
    await expect(canvas.getByRole('combobox', { name: '每页条数' })).toBeDisabled();
  },
};

export const PageSizeAndJump: Story = {
  args: { current: 3 },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    // 20 per page, page 3 starts at record 41; at 50 per page record 41 is on page 1.
    await userEvent.selectOptions(canvas.getByRole('combobox', { name: '每页条数' }), '50 条/页');
    await expect(args.onChange).toHaveBeenLastCalledWith(1, 50);
    const jump = canvas.getByRole('textbox', { name: '跳至页' });
    await userEvent.type(jump, '999{Enter}');
    await expect(args.onChange).toHaveBeenLastCalledWith(10, 50);
  },
};

export const Dark: Story = { args: { current: 7 }, globals: { theme: 'dark' } };
