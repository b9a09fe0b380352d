import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

// Every feature's browser parts (lazyParts.ts, chunks fetched when they are
// about to show) and their server twins (lazyParts.server.ts, imported
// eagerly, which V8 and these tests render) must name the same parts, each
// the same component of the same module, or a step would render on one
// side only and hydration would not match.
const features = path.resolve('ui/src/features');
const withParts = fs
  .readdirSync(features, { withFileTypes: true })
  .filter((d) => d.isDirectory() && ['lazyParts.ts', 'lazyParts.server.ts'].some((f) => fs.existsSync(path.join(features, d.name, f))))
  .map((d) => d.name)
  .sort();

function parse(file: string): ts.SourceFile {
  return ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
}

// exported is each `export const NAME = maker(…)` of a file, with its call.
function exported(sf: ts.SourceFile, maker: string): [string, ts.CallExpression][] {
  const out: [string, ts.CallExpression][] = [];
  for (const st of sf.statements) {
    if (!ts.isVariableStatement(st) || !st.modifiers?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword)) continue;
    for (const d of st.declarationList.declarations) {
      const call = d.initializer;
      if (ts.isIdentifier(d.name) && call && ts.isCallExpression(call) && call.expression.getText(sf) === maker) out.push([d.name.text, call]);
    }
  }
  return out;
}

// browserParts: `X = lazyPart(() => import('./M'), (m) => m.C, …)` is X: "./M C".
function browserParts(file: string): Record<string, string> {
  const sf = parse(file);
  const parts: Record<string, string> = {};
  for (const [name, call] of exported(sf, 'lazyPart')) {
    const [load, pick] = call.arguments;
    let module = '?';
    let component = '?';
    if (load && ts.isArrowFunction(load) && ts.isCallExpression(load.body) && ts.isStringLiteralLike(load.body.arguments[0])) module = load.body.arguments[0].text;
    if (pick && ts.isArrowFunction(pick) && ts.isPropertyAccessExpression(pick.body)) component = pick.body.name.text;
    parts[name] = `${module} ${component}`;
  }
  return parts;
}

// serverParts: `import { C } from './M'` and `X = eagerPart(C)` is X: "./M C".
function serverParts(file: string): Record<string, string> {
  const sf = parse(file);
  const imported = new Map<string, string>();
  for (const st of sf.statements) {
    if (!ts.isImportDeclaration(st) || !ts.isStringLiteral(st.moduleSpecifier)) continue;
    const named = st.importClause?.namedBindings;
    if (named && ts.isNamedImports(named)) {
      for (const el of named.elements) imported.set(el.name.text, `${st.moduleSpecifier.text} ${(el.propertyName ?? el.name).text}`);
    }
  }
  const parts: Record<string, string> = {};
  for (const [name, call] of exported(sf, 'eagerPart')) {
    const arg = call.arguments[0];
    parts[name] = (arg && ts.isIdentifier(arg) && imported.get(arg.text)) || '?';
  }
  return parts;
}

describe('lazy parts', () => {
  it('are found', () => {
    expect(withParts).toEqual(expect.arrayContaining(['booking', 'payments']));
  });

  describe.each(withParts)('of %s', (feature) => {
    const file = (f: string) => path.join(features, feature, f);

    it('come as twins: the browser’s and the server’s', () => {
      expect(fs.existsSync(file('lazyParts.ts')), 'lazyParts.ts').toBe(true);
      expect(fs.existsSync(file('lazyParts.server.ts')), 'lazyParts.server.ts').toBe(true);
    });

    it('the server has an eager twin of every part the browser fetches, of the same component', () => {
      const client = browserParts(file('lazyParts.ts'));
      expect(Object.keys(client).length).toBeGreaterThan(0);
      expect(serverParts(file('lazyParts.server.ts'))).toEqual(client);
    });

    it('the unit tests render the eager twins', async () => {
      // An absolute path without its extension, which vitest.config.mjs
      // points at the server twin, as it does every import of lazyParts.
      const parts = (await import(/* @vite-ignore */ file('lazyParts'))) as Record<string, { Component: unknown }>;
      for (const name of Object.keys(browserParts(file('lazyParts.ts')))) {
        expect(typeof parts[name]?.Component, name).toBe('function'); // a lazy component is an object
      }
    });
  });
});
