// The component tests see the app's own styles (its Tailwind pipeline, the design system's theme).
import '../styles.css';
import { toast } from '@consign/ui';
import { afterEach, expect, vi } from 'vitest';
import { cleanup } from 'vitest-browser-react';
import { fakeServerProblems } from './fake-server';

// Unmounted first, so that no query of the finished test asks the next test's server.
afterEach(async () => {
  await cleanup();
  toast.dismiss();
  const problems = fakeServerProblems();
  vi.restoreAllMocks();
  localStorage.clear();
  expect(problems, 'what the fake API saw that the contract refuses').toEqual([]);
});
