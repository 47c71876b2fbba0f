import { describe, expect, it } from 'vitest';
import { filterMenuByRole } from './filter-menu';

describe('filterMenuByRole', () => {
  const menu = [
    {
      title: '系统',
      path: '/system',
      children: [
        { title: '全局设置', path: '/system/global', authority: 'admin' as const },
        { title: '代发设置', path: '/system/setting' },
      ],
    },
  ];
  it('hides admin items from users but keeps their later siblings', () => {
    expect(filterMenuByRole(menu, 'user')[0]?.children?.map((c) => c.title)).toEqual(['代发设置']);
  });
  it('shows everything to admins', () => {
    expect(filterMenuByRole(menu, 'admin')[0]?.children).toHaveLength(2);
  });
});
