import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * How `src/` is layered, read from its import statements (the TypeScript parser, no server). An import
 * is a value import unless every name in it is type-only: type-only imports are erased and load nothing.
 */
const root = resolve(dirname(fileURLToPath(import.meta.url)), '../src');

interface Import {
  /** The file, relative to `src/`. */
  file: string;
  specifier: string;
  kind: 'value' | 'type' | 'dynamic';
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'migrations' ? [] : sourceFiles(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

function importsOf(path: string): Import[] {
  const file = relative(root, path);
  const source = ts.createSourceFile(path, readFileSync(path, 'utf8'), ts.ScriptTarget.Latest, true);
  const found: Import[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = node.importClause;
      const typeOnly =
        !!clause &&
        (clause.isTypeOnly ||
          (!clause.name &&
            !!clause.namedBindings &&
            ts.isNamedImports(clause.namedBindings) &&
            clause.namedBindings.elements.length > 0 &&
            clause.namedBindings.elements.every((element) => element.isTypeOnly)));
      found.push({ file, specifier: node.moduleSpecifier.text, kind: typeOnly ? 'type' : 'value' });
    } else if (
      ts.isExportDeclaration(node) &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier)
    ) {
      const typeOnly =
        node.isTypeOnly ||
        (!!node.exportClause &&
          ts.isNamedExports(node.exportClause) &&
          node.exportClause.elements.every((element) => element.isTypeOnly));
      found.push({ file, specifier: node.moduleSpecifier.text, kind: typeOnly ? 'type' : 'value' });
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteralLike(node.arguments[0])
    ) {
      found.push({ file, specifier: node.arguments[0].text, kind: 'dynamic' });
    } else if (
      ts.isImportTypeNode(node) &&
      ts.isLiteralTypeNode(node.argument) &&
      ts.isStringLiteral(node.argument.literal)
    ) {
      found.push({ file, specifier: node.argument.literal.text, kind: 'type' });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

const imports = sourceFiles(root).flatMap(importsOf);

describe('the platform sandboxes', () => {
  const SANDBOXES = '@consign/platform-sandboxes';
  const namesSandboxes = (entry: Import) =>
    entry.specifier === SANDBOXES ||
    entry.specifier.startsWith(`${SANDBOXES}/`) ||
    entry.specifier.includes('platform-sandboxes');

  it('are loaded only by the dynamic import of src/sandboxes.ts: production code never imports them', () => {
    const loads = imports.filter((entry) => namesSandboxes(entry) && entry.kind !== 'type');
    expect(loads).toEqual([{ file: 'sandboxes.ts', specifier: SANDBOXES, kind: 'dynamic' }]);
  });

  it('are not a dependency of a production install of the api-server', () => {
    const pkg = JSON.parse(readFileSync(resolve(root, '../package.json'), 'utf8'));
    expect(Object.keys(pkg.dependencies)).not.toContain(SANDBOXES);
    expect(Object.keys(pkg.devDependencies)).toContain(SANDBOXES);
  });
});

describe('the server layers point one way', () => {
  /**
   * `db/` is SQL scoped to the caller and knows no platform nor security service; `security/` (tokens,
   * nonces, rate limits, key rotation) stores through `db/`; `platforms/` holds the connectors (the
   * platforms' protocol only) and the services that use them with the database (the registry, shop
   * calls, offer reads, token refreshes), above both. Type-only imports (the shapes a connector returns,
   * `SecretBox` as a parameter) load nothing and are not counted.
   */
  const LAYERS = ['db', 'platforms', 'security'] as const;
  const ALLOWED = ['platforms -> db', 'platforms -> security', 'security -> db'];
  const layerOf = (file: string) => LAYERS.find((layer) => file.startsWith(`${layer}/`)) ?? null;

  it('db never loads platforms or security, and no two layers load each other', () => {
    const crossings = new Set<string>();
    for (const entry of imports) {
      if (entry.kind === 'type' || !entry.specifier.startsWith('.')) continue;
      const target = relative(root, resolve(root, dirname(entry.file), entry.specifier));
      const from = layerOf(entry.file);
      const to = layerOf(target);
      if (from && to && from !== to) crossings.add(`${from} -> ${to}: ${entry.file} imports ${target}`);
    }
    const wrongWay = [...crossings].filter((line) => !ALLOWED.some((edge) => line.startsWith(`${edge}:`)));
    expect(wrongWay).toEqual([]);
  });
});
