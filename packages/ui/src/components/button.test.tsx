import { describe, expect, it, vi } from 'vitest';
import { userEvent } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import { Button } from './button';
import { IconButton } from './icon-button';

describe('Button', () => {
  it('renders a real button that is not a submit by default', async () => {
    const screen = await render(<Button variant="danger">充值</Button>);
    const button = screen.getByRole('button', { name: '充值' });
    await expect.element(button).toHaveAttribute('type', 'button');
    await expect.element(button).toHaveAttribute('data-variant', 'danger');
  });

  it('does not submit its form unless asked to', async () => {
    const onSubmit = vi.fn((event: SubmitEvent) => event.preventDefault());
    const screen = await render(
      <form onSubmit={(e) => onSubmit(e.nativeEvent as SubmitEvent)}>
        <Button>取消</Button>
        <Button type="submit">提交</Button>
      </form>,
    );
    await userEvent.click(screen.getByRole('button', { name: '取消' }));
    expect(onSubmit).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: '提交' }));
    expect(onSubmit).toHaveBeenCalledOnce();
  });

  it('while loading shows a spinner, is busy and ignores clicks; afterwards it works again', async () => {
    const onClick = vi.fn();
    const screen = await render(
      <Button loading onClick={onClick}>
        保存
      </Button>,
    );
    const button = screen.getByRole('button', { name: '保存' });
    await expect.element(button).toBeDisabled();
    await expect.element(button).toHaveAttribute('aria-busy', 'true');
    await expect
      .element(screen.container.querySelector<SVGElement>('[data-slot=button-spinner]'))
      .toBeVisible();
    await screen.rerender(<Button onClick={onClick}>保存</Button>);
    await expect.element(button).toBeEnabled();
    expect(screen.container.querySelector('[data-slot=button-spinner]')).toBeNull();
    await userEvent.click(button);
    expect(onClick).toHaveBeenCalledOnce();
  });

  it('with asChild renders the child element and marks a busy link aria-disabled', async () => {
    const screen = await render(
      <Button asChild loading>
        <a href="#recharge">充值</a>
      </Button>,
    );
    const link = screen.getByRole('link', { name: '充值' });
    await expect.element(link).toHaveAttribute('aria-disabled', 'true');
    await expect.element(link).toHaveAttribute('href', '#recharge');
    // Enter on the focused link does not navigate while it is busy.
    const before = window.location.href;
    (link.element() as HTMLElement).focus();
    await userEvent.keyboard('{Enter}');
    expect(window.location.href).toBe(before);
  });

  it('is reachable by keyboard and shows a focus ring', async () => {
    const onClick = vi.fn();
    const screen = await render(<Button onClick={onClick}>帮助</Button>);
    await userEvent.keyboard('{Tab}');
    const button = screen.getByRole('button', { name: '帮助' });
    await expect.element(button).toHaveFocus();
    expect(getComputedStyle(button.element()).boxShadow).not.toBe('none');
    await userEvent.keyboard('{Enter}');
    expect(onClick).toHaveBeenCalledOnce();
  });
});

describe('IconButton', () => {
  it('is named by its aria-label, not by its icon', async () => {
    const screen = await render(
      <IconButton aria-label="消息通知">
        <svg aria-hidden="true" viewBox="0 0 1 1" />
      </IconButton>,
    );
    await expect
      .element(screen.getByRole('button', { name: '消息通知' }))
      .toHaveAttribute('data-slot', 'icon-button');
  });
});
