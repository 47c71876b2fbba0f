import { describe, expect, it } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import { Field } from './field';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from './select';

function ShopType({ error }: { error?: string }) {
  return (
    <form aria-label="表单">
      <Field label="店铺类型" error={error}>
        <Select name="type">
          <SelectTrigger>
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value="tb">淘宝</SelectItem>
            <SelectItem value="pdd">拼多多</SelectItem>
          </SelectContent>
        </Select>
      </Field>
    </form>
  );
}

describe('Select', () => {
  it('is labelled by its Field, shows the placeholder, and submits the chosen value', async () => {
    const screen = await render(<ShopType />);
    const trigger = screen.getByRole('combobox', { name: '店铺类型' });
    await expect.element(trigger).toHaveTextContent('请选择');
    await userEvent.click(trigger);
    await userEvent.click(page.getByRole('option', { name: '拼多多' }));
    await expect.element(trigger).toHaveTextContent('拼多多');
    const form = screen.getByRole('form', { name: '表单' }).element() as HTMLFormElement;
    expect(new FormData(form).get('type')).toBe('pdd');
  });

  it('carries the Field error as its description and invalid state', async () => {
    const screen = await render(<ShopType error="请选择店铺类型" />);
    const trigger = screen.getByRole('combobox', { name: '店铺类型' });
    await expect.element(trigger).toHaveAttribute('aria-invalid', 'true');
    await expect.element(trigger).toHaveAccessibleDescription('请选择店铺类型');
  });
});
