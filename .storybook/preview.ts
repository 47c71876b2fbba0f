import type { Preview } from '@storybook/react-vite';
import '../tooling/test-styles.css';

const preview: Preview = {
  tags: ['autodocs'],
  parameters: {
    layout: 'centered',
    controls: { matchers: { color: /(background|color)$/i, date: /Date$/i } },
    // Accessibility violations fail the story test (and so `npm test`).
    a11y: { test: 'error' },
  },
};
export default preview;
