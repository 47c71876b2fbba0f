import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { userEvent } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import { Field, FieldError } from './field';
import { Input } from './input';

function Validated() {
  const [value, setValue] = useState('');
  const error = value && !/^1\d{10}$/.test(value) ? '请输入正确的手机号' : undefined;
  return (
    <Field label="手机号" error={error}>
      <Input value={value} onChange={(e) => setValue(e.target.value)} />
    </Field>
  );
}

describe('Field', () => {
  it('marks its control invalid and described by the error only while there is one', async () => {
    const screen = await render(<Validated />);
    const input = screen.getByRole('textbox', { name: '手机号' });
    await expect.element(input).not.toHaveAttribute('aria-invalid');
    await userEvent.type(input, '138');
    await expect.element(input).toHaveAttribute('aria-invalid', 'true');
    await expect.element(input).toHaveAccessibleDescription('请输入正确的手机号');
    await expect.element(screen.getByRole('alert')).toHaveTextContent('请输入正确的手机号');
    await userEvent.type(input, '00000000');
    await expect.element(input).not.toHaveAttribute('aria-invalid');
    expect(screen.container.querySelector('[role=alert]')).toBeNull();
  });

  it('keeps ids unique across fields and lets an explicit id win', async () => {
    const screen = await render(
      <>
        <Field label="甲">
          <Input />
        </Field>
        <Field label="乙">
          <Input />
        </Field>
        <Field label="丙" id="shop-name">
          <Input />
        </Field>
      </>,
    );
    const a = screen.getByRole('textbox', { name: '甲' }).element();
    const b = screen.getByRole('textbox', { name: '乙' }).element();
    expect(a.id).not.toBe(b.id);
    await expect.element(screen.getByRole('textbox', { name: '丙' })).toHaveAttribute('id', 'shop-name');
  });

  it('disables its control', async () => {
    const screen = await render(
      <Field label="店铺名" disabled>
        <Input />
      </Field>,
    );
    await expect.element(screen.getByRole('textbox', { name: '店铺名' })).toBeDisabled();
  });
});

describe('FieldError', () => {
  it('renders nothing without a message', async () => {
    const screen = await render(<FieldError />);
    expect(screen.container.querySelector('[data-slot=field-error]')).toBeNull();
  });
});
