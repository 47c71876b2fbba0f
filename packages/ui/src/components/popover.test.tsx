import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import { Popover, PopoverContent, PopoverTrigger } from './popover';
import { Tooltip, TooltipContent, TooltipTrigger } from './tooltip';

function ControlledPopover() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen((o) => !o)}>
        外部开关
      </button>
      <Popover open={open} onOpenChange={setOpen}>
        <PopoverTrigger>筛选</PopoverTrigger>
        <PopoverContent aria-label="筛选条件">内容</PopoverContent>
      </Popover>
    </>
  );
}

describe('Popover', () => {
  it('follows a controlled open prop and reports Escape through onOpenChange', async () => {
    await render(<ControlledPopover />);
    await userEvent.click(page.getByRole('button', { name: '外部开关' }));
    await expect.element(page.getByRole('dialog', { name: '筛选条件' })).toBeVisible();
    await userEvent.keyboard('{Escape}');
    await expect.poll(() => document.querySelector('[data-slot=popover-content]')).toBeNull();
    await expect
      .element(page.getByRole('button', { name: '筛选' }))
      .toHaveAttribute('aria-expanded', 'false');
  });
});

describe('Tooltip', () => {
  it('opens on keyboard focus and describes its trigger', async () => {
    await render(
      <>
        <button type="button">之前</button>
        <Tooltip delayDuration={0}>
          <TooltipTrigger>帮助</TooltipTrigger>
          <TooltipContent>查看使用文档</TooltipContent>
        </Tooltip>
      </>,
    );
    (page.getByRole('button', { name: '之前' }).element() as HTMLElement).focus();
    await userEvent.keyboard('{Tab}');
    await expect.element(page.getByRole('tooltip')).toHaveTextContent('查看使用文档');
    await expect
      .element(page.getByRole('button', { name: '帮助' }))
      .toHaveAccessibleDescription('查看使用文档');
  });
});
