import { describe, expect, it, vi } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import { Dialog, DialogContent, DialogDescription, DialogTitle, DialogTrigger } from './dialog';

describe('Dialog', () => {
  it('traps focus inside while open and closes on a click outside', async () => {
    const onOpenChange = vi.fn();
    await render(
      <Dialog onOpenChange={onOpenChange}>
        <DialogTrigger>打开</DialogTrigger>
        <DialogContent>
          <DialogTitle>标题</DialogTitle>
          <DialogDescription>说明</DialogDescription>
          <input aria-label="名称" />
        </DialogContent>
      </Dialog>,
    );
    await userEvent.click(page.getByRole('button', { name: '打开' }));
    const dialog = page.getByRole('dialog', { name: '标题' });
    await expect.element(dialog).toBeVisible();
    // Tab cycles between the input and 关闭 and never leaves the dialog.
    for (let i = 0; i < 4; i++) {
      await userEvent.keyboard('{Tab}');
      expect(dialog.element().contains(document.activeElement)).toBe(true);
    }
    await userEvent.click(document.body, { position: { x: 5, y: 5 } });
    await expect.poll(() => document.querySelector('[role=dialog]')).toBeNull();
    expect(onOpenChange).toHaveBeenLastCalledWith(false);
  });

  it('can hide the close button or rename it', async () => {
    await render(
      <Dialog defaultOpen>
        <DialogContent closeLabel="关闭窗口">
          <DialogTitle>甲</DialogTitle>
          <DialogDescription>说明</DialogDescription>
        </DialogContent>
      </Dialog>,
    );
    await expect.element(page.getByRole('button', { name: '关闭窗口' })).toBeVisible();
    await userEvent.click(page.getByRole('button', { name: '关闭窗口' }));
    await expect.poll(() => document.querySelector('[role=dialog]')).toBeNull();

    await render(
      <Dialog defaultOpen>
        <DialogContent showCloseButton={false}>
          <DialogTitle>乙</DialogTitle>
          <DialogDescription>说明</DialogDescription>
        </DialogContent>
      </Dialog>,
    );
    await expect.element(page.getByRole('dialog', { name: '乙' })).toBeVisible();
    expect(document.querySelector('[data-slot=dialog-close-button]')).toBeNull();
  });
});
