import type { Decorator, Preview } from '@storybook/react-vite';
import '../tooling/test-styles.css';

type Theme = 'light' | 'dark';

/**
 * Paints the story in the chosen theme. The `.dark` class goes on <html> as well as on the wrapper so
 * that content Radix portals into <body> (dialogs, menus, tooltips, toasts) gets the same tokens, and
 * the body background (var(--background)) follows. Reset on every render, because story tests share one
 * page.
 */
const withTheme: Decorator = (Story, context) => {
  const theme: Theme = context.globals.theme === 'dark' ? 'dark' : 'light';
  if (typeof document !== 'undefined') {
    const root = document.documentElement;
    root.classList.toggle('dark', theme === 'dark');
    root.classList.toggle('light', theme === 'light');
  }
  const fullscreen = context.parameters.layout === 'fullscreen';
  return (
    <div
      data-theme={theme}
      className={`${theme} bg-background text-foreground font-sans ${fullscreen ? 'min-h-screen' : 'p-6'}`}
    >
      <Story />
    </div>
  );
};

const preview: Preview = {
  tags: ['autodocs'],
  globalTypes: {
    theme: {
      description: 'Colour theme of the components',
      toolbar: {
        title: 'Theme',
        icon: 'mirror',
        items: [
          { value: 'light', title: '浅色 Light', icon: 'sun' },
          { value: 'dark', title: '深色 Dark', icon: 'moon' },
        ],
        dynamicTitle: true,
      },
    },
  },
  initialGlobals: {
    theme: 'light',
  },
  decorators: [withTheme],
  parameters: {
    layout: 'centered',
    controls: { matchers: { color: /(background|color)$/i, date: /Date$/i } },
    // The body's own background follows the theme tokens, so the backgrounds tool is not needed.
    backgrounds: { disable: true },
    viewport: {
      options: {
        desktop: { name: 'Desktop 1440×900', styles: { width: '1440px', height: '900px' }, type: 'desktop' },
        tablet: { name: 'Narrow 768×1024', styles: { width: '768px', height: '1024px' }, type: 'tablet' },
        mobile: { name: 'Narrow 375×812', styles: { width: '375px', height: '812px' }, type: 'mobile' },
      },
    },
    // Accessibility violations fail the story test (and so `npm test`).
    a11y: { test: 'error' },
  },
};
export default preview;
