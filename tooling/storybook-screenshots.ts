/**
 * Offline visual regression for every story (storybook Vitest project).
 *
 * After a story has rendered and its `play` function has passed, this hook takes a screenshot of the
 * story (its canvas, or the whole page when the story opened a portal such as a dialog or popover) and
 * compares it with the committed baseline in `__screenshots__/<file>.stories.tsx/` beside the story file,
 * using pixelmatch with a tolerance for anti-aliasing.
 *
 * - A story opts out with `parameters: { screenshot: false }` (for output that cannot be stable).
 * - `parameters: { screenshot: { target: 'page' } }` forces a full-page screenshot.
 * - Missing baseline: with `CI=true` Vitest does not write it and the test fails; locally Vitest writes
 *   it and this hook lets the test pass with a warning, so new stories get their baseline on first run
 *   (review and commit it). Update every baseline on purpose with `pnpm test:storybook:update`.
 */
import { afterEach, beforeEach, expect, type TestContext } from 'vitest';
import { page } from 'vitest/browser';

type ScreenshotParameter = false | { target?: 'canvas' | 'page' } | undefined;

interface StoryContext extends TestContext {
  story?: { parameters?: { screenshot?: ScreenshotParameter } };
}

const FREEZE_CSS = `
*, *::before, *::after {
  animation: none !important;
  transition: none !important;
  caret-color: transparent !important;
  scroll-behavior: auto !important;
}`;

let bodyChildrenBefore = new Set<Element>();

function freezeMotion() {
  if (document.getElementById('screenshot-freeze')) return;
  const style = document.createElement('style');
  style.id = 'screenshot-freeze';
  style.textContent = FREEZE_CSS;
  document.head.append(style);
}

/** Story file names become folder names; keep the baseline names short and filesystem-safe. */
function baselineName(testName: string): string {
  return testName.replace(/[^\p{L}\p{N}_-]+/gu, '-').replace(/^-|-$/g, '') || 'story';
}

beforeEach(() => {
  freezeMotion();
  bodyChildrenBefore = new Set(document.body.children);
});

afterEach(async (context) => {
  const { story, task } = context as StoryContext;
  if (!story) return;
  if ((task.result?.errors?.length ?? 0) > 0 || task.result?.state === 'fail') return;
  const setting = story.parameters?.screenshot;
  if (setting === false) return;

  // Story containers and Radix portals appended to <body> while this story ran, in document order:
  // the first is the story's canvas (created before rendering), later ones are portals.
  const added = [...document.body.children].filter(
    (el) => !bodyChildrenBefore.has(el) && el.tagName !== 'SCRIPT' && el.tagName !== 'STYLE',
  );
  const canvas = added[0];
  const portals = added.slice(1).filter((el) => el.getBoundingClientRect().height > 0);
  const canvasBox = canvas?.getBoundingClientRect();
  const wholePage =
    setting?.target === 'page' || !canvas || portals.length > 0 || !canvasBox || canvasBox.height === 0;
  const target = wholePage ? document.body : canvas;

  await document.fonts.ready;
  // Let a last layout/paint settle (images decoding, late effects).
  await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));

  try {
    await expect.element(page.elementLocator(target)).toMatchScreenshot(baselineName(task.name), {
      comparatorName: 'pixelmatch',
      comparatorOptions: { threshold: 0.1, allowedMismatchedPixelRatio: 0.002 },
      timeout: 5000,
    });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    // Vitest wrote the missing baseline (not in CI: there it only writes a diff and we fail).
    if (message.includes('a new one was created')) {
      console.warn(`[screenshot] new baseline written for "${task.name}"; review and commit it.`);
      return;
    }
    if (error instanceof Error && !message.includes('test:storybook:update')) {
      error.message = `${message}\nIf the change is intended, update the baselines with \`pnpm test:storybook:update\`.`;
    }
    throw error;
  }
});
