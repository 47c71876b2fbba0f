/**
 * Rules every request body and query obeys before anything reads it, whatever the route: a nesting
 * depth (a hostile body nested thousands deep would otherwise exhaust the stack of whatever walks it
 * next: the signature, zod, the logger), no NUL character in text (Postgres cannot store one in a
 * text column, so it would fail deep in a query instead of here, with a clear answer) and no lone
 * UTF-16 surrogate (`"\ud800"` in JSON: the driver writes it as U+FFFD while a jsonb column refuses
 * it, so a write went through and its operation-log entry failed with a 500). Every string is checked:
 * values and keys at any depth, of the body (JSON or form fields) and of the query. (Only JSON escapes
 * can carry a lone surrogate: form fields and file names are decoded from UTF-8, and the query's
 * decoding leaves an escaped surrogate as it was sent.)
 */

/** Deepest nesting of objects and arrays a body may have (the contract's deepest is 3). */
export const MAX_DEPTH = 32;

export type InputProblem = 'tooDeep' | 'nulCharacter' | 'illFormedText';

/** The first problem of `value`, or null. Stops at `MAX_DEPTH`, so it never recurses further. */
export function inputProblem(value: unknown, depth = 0): InputProblem | null {
  if (typeof value === 'string') return textProblem(value);
  if (typeof value !== 'object' || value === null) return null;
  if (depth >= MAX_DEPTH) return 'tooDeep';
  const entries = Array.isArray(value) ? value : Object.entries(value).flat();
  for (const entry of entries) {
    const problem = inputProblem(entry, depth + 1);
    if (problem) return problem;
  }
  return null;
}

function textProblem(text: string): InputProblem | null {
  if (text.includes('\u0000')) return 'nulCharacter';
  return text.isWellFormed() ? null : 'illFormedText';
}
