import { describe, expect, it } from 'vitest';
import { render } from 'vitest-browser-react';
import { Button } from './button';

describe('Button', () => {
  it('renders a real button that is not a submit by default', async () => {
    const screen = await render(<Button variant="danger">充值</Button>);
    const button = screen.getByRole('button', { name: '充值' });
    await expect.element(button).toHaveAttribute('type', 'button');
    await expect.element(button).toHaveAttribute('data-variant', 'danger');
  });
});
