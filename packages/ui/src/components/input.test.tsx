import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { userEvent } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import { Input } from './input';

function Controlled({ onValue }: { onValue: (value: string) => void }) {
  const [value, setValue] = useState('abc');
  return (
    <>
      <Input
        aria-label="关键词"
        allowClear
        value={value}
        onChange={(e) => {
          setValue(e.target.value);
          onValue(e.target.value);
        }}
      />
      <output>值：{value}</output>
    </>
  );
}

describe('Input', () => {
  it('clears a controlled input through its onChange', async () => {
    const onValue = vi.fn();
    const screen = await render(<Controlled onValue={onValue} />);
    await userEvent.click(screen.getByRole('button', { name: '清除' }));
    await expect.element(screen.getByText('值：', { exact: true })).toBeVisible();
    expect(onValue).toHaveBeenLastCalledWith('');
    await expect.element(screen.getByRole('textbox', { name: '关键词' })).toHaveValue('');
  });

  it('shows the clear button only while there is text, and not when disabled', async () => {
    const screen = await render(<Input aria-label="名称" allowClear />);
    const input = screen.getByRole('textbox', { name: '名称' });
    expect(screen.container.querySelector('[data-slot=input-clear]')).toBeNull();
    await userEvent.type(input, '店');
    await expect.element(screen.getByRole('button', { name: '清除' })).toBeVisible();
    await userEvent.clear(input);
    expect(screen.container.querySelector('[data-slot=input-clear]')).toBeNull();
    await screen.rerender(<Input aria-label="名称" allowClear disabled defaultValue="x" />);
    expect(screen.container.querySelector('[data-slot=input-clear]')).toBeNull();
  });

  it('keeps prefix and suffix outside the typed value and forwards its ref', async () => {
    let node: HTMLInputElement | null = null;
    const screen = await render(
      <Input
        aria-label="手机号"
        prefix="+86"
        suffix="号"
        ref={(el) => {
          node = el;
        }}
      />,
    );
    await userEvent.type(screen.getByRole('textbox', { name: '手机号' }), '138');
    await expect.element(screen.getByText('+86')).toBeVisible();
    await expect.element(screen.getByText('号')).toBeVisible();
    expect((node as HTMLInputElement | null)?.value).toBe('138');
  });
});
