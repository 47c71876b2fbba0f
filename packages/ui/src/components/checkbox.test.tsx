import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { userEvent } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import { Checkbox } from './checkbox';
import { Field } from './field';
import { Switch } from './switch';

function formValues(form: HTMLFormElement) {
  return Object.fromEntries(new FormData(form).entries());
}

describe('Checkbox', () => {
  it('takes part in a form: submitted when ticked, absent when not', async () => {
    const screen = await render(
      <form aria-label="表单">
        <Field label="同意协议" orientation="horizontal">
          <Checkbox name="agree" value="yes" />
        </Field>
      </form>,
    );
    const form = screen.getByRole('form', { name: '表单' }).element() as HTMLFormElement;
    expect(formValues(form)).toEqual({});
    await userEvent.click(screen.getByText('同意协议'));
    await expect.element(screen.getByRole('checkbox', { name: '同意协议' })).toBeChecked();
    expect(formValues(form)).toEqual({ agree: 'yes' });
  });
});

function Guarded() {
  const [on, setOn] = useState(false);
  const [asked, setAsked] = useState(0);
  return (
    <>
      <Switch
        aria-label="自动发货"
        checked={on}
        onCheckedChange={(next) => {
          setAsked((n) => n + 1);
          // The parent refuses to turn it on: a controlled switch must stay off.
          if (!next) setOn(false);
        }}
      />
      <p>请求次数：{asked}</p>
    </>
  );
}

describe('Switch', () => {
  it('when controlled shows what the parent decides, not what was clicked', async () => {
    const screen = await render(<Guarded />);
    const toggle = screen.getByRole('switch', { name: '自动发货' });
    await userEvent.click(toggle);
    await expect.element(screen.getByText('请求次数：1')).toBeVisible();
    await expect.element(toggle).not.toBeChecked();
  });

  it('toggles with Space from the keyboard', async () => {
    const screen = await render(<Switch aria-label="暗色菜单" />);
    const toggle = screen.getByRole('switch', { name: '暗色菜单' });
    (toggle.element() as HTMLElement).focus();
    await userEvent.keyboard(' ');
    await expect.element(toggle).toBeChecked();
  });

  it("is named and toggled by its Field's label; a disabled one stays off", async () => {
    const screen = await render(
      <>
        <Field label="自动付款" orientation="horizontal">
          <Switch />
        </Field>
        <Switch aria-label="已停用" disabled />
      </>,
    );
    const toggle = screen.getByRole('switch', { name: '自动付款' });
    await userEvent.click(screen.getByText('自动付款'));
    await expect.element(toggle).toBeChecked();
    await expect.element(toggle).toHaveAttribute('data-state', 'checked');
    const off = screen.getByRole('switch', { name: '已停用' });
    await userEvent.click(off, { force: true });
    await expect.element(off).not.toBeChecked();
  });
});
