import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { twMerge } from 'tailwind-merge';
import { describe, expect, it } from 'vitest';
import { cn } from './cn';

const repo = fileURLToPath(new URL('../../../..', import.meta.url));
const here = fileURLToPath(new URL('./cn.ts', import.meta.url));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourceFiles(path);
    // Not cn.ts itself: its group names are strings too.
    if (!/\.tsx?$/.test(entry.name) || /\.(test|stories)\.tsx?$/.test(entry.name) || path === here) return [];
    return [path];
  });
}

/** Every Tailwind class written in the packages and the admin app (as the full twMerge sees it). */
function classesInSources(): string[] {
  const roots = ['packages', 'apps/admin'].flatMap((dir) =>
    readdirSync(join(repo, dir), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => join(repo, dir, entry.name, 'src')),
  );
  const tokens = new Set<string>();
  for (const root of roots) {
    let files: string[];
    try {
      files = sourceFiles(root);
    } catch {
      continue; // a package without src/
    }
    for (const file of files) {
      for (const [, , text = ''] of readFileSync(file, 'utf8').matchAll(/(['"`])([^'"`\n$\\]*)\1/g)) {
        for (const token of text.split(/\s+/))
          if (/^[!a-z@*[-][\w:[\]/.()%!@*&>=#,-]*[\w\]/)%*-]$/.test(token)) tokens.add(token);
      }
    }
  }
  // The full twMerge drops the second of two equal classes only when it knows the class.
  return [...tokens].filter((token) => twMerge(`${token} ${token}`) === token).sort();
}

describe('cn', () => {
  it('lets a later utility of the same group win, and keeps the others', () => {
    expect(cn('px-2 h-8', 'h-10')).toBe('px-2 h-10');
    expect(cn('bg-primary', 'bg-destructive')).toBe('bg-destructive');
    expect(cn('px-4 py-2', 'p-3')).toBe('p-3');
    expect(cn('text-sm text-muted-foreground', 'text-primary')).toBe('text-sm text-primary');
    expect(cn('border border-border', 'border-2 border-primary')).toBe('border-2 border-primary');
    expect(cn('hover:bg-accent bg-card', 'hover:bg-primary')).toBe('bg-card hover:bg-primary');
    expect(cn('size-8', 'h-10')).toBe('size-8 h-10');
    expect(cn('h-10', 'size-8')).toBe('size-8');
    expect(cn('my-class', 'another', false, undefined, { on: true, off: false })).toBe('my-class another on');
  });

  it('merges every pair of classes written in the sources exactly like the full tailwind-merge', () => {
    const classes = classesInSources();
    expect(classes.length).toBeGreaterThan(300);
    const mismatches: string[] = [];
    for (const a of classes) {
      for (const b of classes) {
        const input = `${a} ${b}`;
        const expected = twMerge(input);
        const actual = cn(input);
        if (actual !== expected) mismatches.push(`${input} -> ${actual} (tailwind-merge: ${expected})`);
      }
    }
    expect(mismatches.slice(0, 20)).toEqual([]);
  });
});
