/**
 * Rules every request body and query obeys before anything reads it, whatever the route: a nesting
 * depth (a hostile body nested thousands deep would otherwise exhaust the stack of whatever walks it
 * next: the signature, zod, the logger) and no NUL character in text (Postgres cannot store one in a
 * text column, so it would fail deep in a query instead of here, with a clear answer).
 */

/** Deepest nesting of objects and arrays a body may have (the contract's deepest is 3). */
export const MAX_DEPTH = 32;

export type InputProblem = 'tooDeep' | 'nulCharacter';

/** The first problem of `value`, or null. Stops at `MAX_DEPTH`, so it never recurses further. */
export function inputProblem(value: unknown, depth = 0): InputProblem | null {
  if (typeof value === 'string') return value.includes('\u0000') ? 'nulCharacter' : null;
  if (typeof value !== 'object' || value === null) return null;
  if (depth >= MAX_DEPTH) return 'tooDeep';
  const entries = Array.isArray(value) ? value : Object.entries(value).flat();
  for (const entry of entries) {
    const problem = inputProblem(entry, depth + 1);
    if (problem) return problem;
  }
  return null;
}
