import type { Meta, StoryObj } from '@storybook/react-vite';
import { Skeleton } from './skeleton';

const meta = {
  title: 'Components/Skeleton',
  component: Skeleton,
} satisfies Meta<typeof Skeleton>;
export default meta;
type Story = StoryObj<typeof meta>;

function ListItemSkeleton() {
  return (
    <div role="status" aria-busy="true" aria-label="加载中" className="flex w-72 items-center gap-3">
      <Skeleton className="size-10 rounded-full" />
      <div className="flex flex-1 flex-col gap-2">
        <Skeleton className="h-4 w-3/4" />
        <Skeleton className="h-4 w-1/2" />
      </div>
    </div>
  );
}

export const ListItem: Story = { render: () => <ListItemSkeleton /> };
export const Dark: Story = { render: () => <ListItemSkeleton />, globals: { theme: 'dark' } };
