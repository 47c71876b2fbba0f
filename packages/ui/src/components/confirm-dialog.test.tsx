import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import { ConfirmDialog } from './confirm-dialog';

function deferred() {
  let resolve!: () => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

function Controlled({ onConfirm }: { onConfirm: () => unknown }) {
  const [open, setOpen] = useState(true);
  return (
    <>
      <p>{open ? '已打开' : '已关闭'}</p>
      <ConfirmDialog open={open} onOpenChange={setOpen} title="确定退出登录吗？" onConfirm={onConfirm} />
    </>
  );
}

describe('ConfirmDialog', () => {
  it('stays open and busy while the confirm promise runs, ignores Escape, and closes when it resolves', async () => {
    const work = deferred();
    const screen = await render(<Controlled onConfirm={() => work.promise} />);
    const confirm = page.getByRole('button', { name: '确定' });
    await userEvent.click(confirm);
    await expect.element(confirm).toHaveAttribute('aria-busy', 'true');
    await userEvent.keyboard('{Escape}');
    await expect.element(page.getByRole('alertdialog', { name: '确定退出登录吗？' })).toBeVisible();
    work.resolve();
    await expect.element(screen.getByText('已关闭')).toBeVisible();
    expect(document.querySelector('[role=alertdialog]')).toBeNull();
  });

  it('stays open after a rejection and can be confirmed again', async () => {
    const attempts = vi.fn<() => Promise<void>>();
    attempts.mockRejectedValueOnce(new Error('网络异常')).mockResolvedValueOnce(undefined);
    const screen = await render(<Controlled onConfirm={attempts} />);
    const confirm = page.getByRole('button', { name: '确定' });
    await userEvent.click(confirm);
    await expect.element(confirm).toBeEnabled();
    await expect.element(page.getByRole('alertdialog')).toBeVisible();
    await userEvent.click(confirm);
    await expect.element(screen.getByText('已关闭')).toBeVisible();
    expect(attempts).toHaveBeenCalledTimes(2);
  });

  it('closes at once for a synchronous confirm', async () => {
    const onConfirm = vi.fn();
    const screen = await render(<Controlled onConfirm={onConfirm} />);
    await userEvent.click(page.getByRole('button', { name: '确定' }));
    await expect.element(screen.getByText('已关闭')).toBeVisible();
    expect(onConfirm).toHaveBeenCalledOnce();
  });
});
