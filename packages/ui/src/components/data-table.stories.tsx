import type { Meta, StoryObj } from '@storybook/react-vite';
import type { ColumnDef } from '@tanstack/react-table';
import { expect, fn, userEvent } from 'storybook/test';
import { DataTable } from './data-table';

interface Order {
  id: string;
  shop: string;
  goods: string;
  amount: number;
  status: string;
  createdAt: string;
}

const statuses = ['待发货', '已发货', '已完成', '售后中'];
const orders: Order[] = Array.from({ length: 30 }, (_, i) => ({
  id: `DD2026112200${String(i + 1).padStart(2, '0')}`,
  shop: ['旗舰店', '专营店', '企业店'][i % 3] ?? '旗舰店',
  goods: `商品 ${i + 1} 号 夏季新款纯棉短袖`,
  amount: 19.9 + i * 7,
  status: statuses[i % 4] ?? '待发货',
  createdAt: `2026-11-${String(1 + (i % 22)).padStart(2, '0')} 10:${String(i).padStart(2, '0')}:00`,
}));

const columns: ColumnDef<Order>[] = [
  { accessorKey: 'id', header: '订单号', meta: { className: 'font-mono' } },
  { accessorKey: 'shop', header: '店铺' },
  { accessorKey: 'goods', header: '商品' },
  {
    accessorKey: 'amount',
    header: '金额',
    cell: ({ getValue }) => `¥${(getValue() as number).toFixed(2)}`,
    meta: { align: 'right' },
  },
  { accessorKey: 'status', header: '状态' },
  { accessorKey: 'createdAt', header: '下单时间' },
];

const wideColumns: ColumnDef<Order>[] = [
  ...columns,
  { id: 'receiver', header: '收货人', cell: () => '张三' },
  { id: 'address', header: '收货地址', cell: () => '浙江省杭州市西湖区文三路 100 号 某某大厦 12 楼' },
  { id: 'remark', header: '买家留言', cell: () => '请尽快发货，谢谢' },
  { id: 'logistics', header: '物流单号', cell: () => 'SF1234567890123' },
];

const meta = {
  title: 'Data/DataTable',
  component: DataTable<Order>,
  args: { columns, data: orders.slice(0, 5), getRowId: (row: Order) => row.id },
  parameters: { layout: 'padded' },
} satisfies Meta<typeof DataTable<Order>>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

export const Loading: Story = {
  args: { loading: true, skeletonRows: 5 },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('region', { name: '数据表格' })).toHaveAttribute('aria-busy', 'true');
  },
};

export const Empty: Story = {
  args: { data: [] },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('暂无数据')).toBeVisible();
  },
};

export const ErrorState: Story = {
  args: {
    error: <p className="text-center text-destructive">加载失败，请稍后重试</p>,
  },
};

export const ClickableRows: Story = {
  args: { onRowClick: fn() },
  play: async ({ canvas, args }) => {
    const rows = canvas.getAllByRole('row');
    // rows[0] is the header row.
    await userEvent.click(rows[2] as HTMLElement);
    await expect(args.onRowClick).toHaveBeenLastCalledWith(orders[1], expect.anything());
    (rows[1] as HTMLElement).focus();
    await userEvent.keyboard('{Enter}');
    await expect(args.onRowClick).toHaveBeenLastCalledWith(orders[0], expect.anything());
  },
};

export const StickyHeaderAndScroll: Story = {
  args: { data: orders, columns: wideColumns, maxHeight: 320 },
  decorators: [(Story) => <div style={{ width: 720 }}>{Story()}</div>],
};

export const Dark: Story = { globals: { theme: 'dark' } };
