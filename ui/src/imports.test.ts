import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

// The UI's imports go one way: entries → layouts → features → components and
// lib. Checked here, over every .ts and .tsx file under ui/src:
//
//  - No import circle, through static imports (`import … from`, `export …
//    from`, type-only ones too) and dynamic `import()` alike. A circle makes
//    the order modules start in depend on which one is asked for first, and
//    ties chunks together that the layouts mean to keep apart.
//  - A feature (features/<name>) imports no other feature. What two features
//    share lives in components/ (what draws) or lib/ (what computes); the
//    generated wire types (generated/) are anyone's.
//  - components/ and lib/ import no feature and no layout, so what is shared
//    never leads back into a feature.

const src = path.resolve(__dirname);
const features = path.join(src, 'features');

// The crossings allowed, each with its reason: a feature, and the file or
// folder of another feature (under features/) it may import.
const allowedCrossFeature: { from: string; to: string; why: string }[] = [
  // One form engine (docs/architecture.md, "Forms"): the booker's details
  // step is a booking form of it, drawn by the forms' one field kit and
  // checked by the same rules. Forms never import booking.
  { from: 'booking', to: 'forms/components/FormField.tsx', why: "the details step draws its fields with the forms' field kit" },
  { from: 'booking', to: 'forms/engine/', why: "the details step shows, hides and checks the calendar's questions with the forms engine" },
  { from: 'booking', to: 'forms/lib/phone.ts', why: "the details step reads a phone number as the forms' phone field does" },
  // The desk books for a client with the client's own questions.
  { from: 'dashboard', to: 'booking/components/QuestionFields.tsx', why: "the desk answers a service's questions as the booker's details step draws them" },
  { from: 'dashboard', to: 'forms/lib/actionAnswers.ts', why: "a refused post's answers come back as a form's own do" },
];

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...sourceFiles(p));
    else if (/\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts')) out.push(p);
  }
  return out;
}

// The specifiers a file imports (statically, as types only, or with
// import()): through TypeScript's own parser, so comments and strings that
// merely look like imports are not read.
function importsOf(file: string): string[] {
  const text = fs.readFileSync(file, 'utf8');
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false, file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      found.push(node.moduleSpecifier.text);
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      found.push(node.moduleSpecifier.text);
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const arg = node.arguments[0];
      if (arg && ts.isStringLiteralLike(arg)) found.push(arg.text);
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument) && ts.isStringLiteral(node.argument.literal)) {
      found.push(node.argument.literal.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return found;
}

// The files a specifier may load: both twins where the build chooses one
// (the layouts' sources, a feature's lazy parts), so a circle through either
// build is found.
function resolve(from: string, spec: string): string[] | 'unresolved' | 'external' {
  if (spec === '@layouts') return [path.join(src, 'router/layouts.client.ts'), path.join(src, 'router/layouts.server.ts')];
  if (!spec.startsWith('.')) return 'external';
  const base = path.resolve(path.dirname(from), spec);
  const one = (p: string) => [p, p + '.ts', p + '.tsx', p + '.js', path.join(p, 'index.ts'), path.join(p, 'index.tsx')].find((c) => fs.existsSync(c) && fs.statSync(c).isFile());
  const hit = one(base);
  if (!hit) return 'unresolved';
  const twin = /\/lazyParts$/.test(spec) ? one(base + '.server') : undefined;
  return twin ? [hit, twin] : [hit];
}

function graph() {
  const edges = new Map<string, string[]>();
  const unresolved: string[] = [];
  for (const file of sourceFiles(src)) {
    const list: string[] = [];
    for (const spec of importsOf(file)) {
      const to = resolve(file, spec);
      if (to === 'external') continue;
      if (to === 'unresolved') {
        unresolved.push(`${rel(file)}: ${spec}`);
        continue;
      }
      list.push(...to);
    }
    edges.set(file, list);
  }
  return { edges, unresolved };
}

const rel = (p: string) => path.relative(src, p).split(path.sep).join('/');

// Each circle once, as the files in import order back to the first, found
// from the strongly connected components (Tarjan).
function circles(edges: Map<string, string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const components: string[][] = [];
  let next = 0;
  const strong = (v: string) => {
    index.set(v, next);
    low.set(v, next);
    next++;
    stack.push(v);
    onStack.add(v);
    for (const to of edges.get(v) ?? []) {
      if (!edges.has(to)) continue; // CSS, JSON: they import nothing of ours
      if (!index.has(to)) {
        strong(to);
        low.set(v, Math.min(low.get(v)!, low.get(to)!));
      } else if (onStack.has(to)) {
        low.set(v, Math.min(low.get(v)!, index.get(to)!));
      }
    }
    if (low.get(v) === index.get(v)) {
      const c: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        c.push(w);
      } while (w !== v);
      const selfLoop = (edges.get(v) ?? []).includes(v);
      if (c.length > 1 || selfLoop) components.push(c);
    }
  };
  for (const v of [...edges.keys()].sort()) if (!index.has(v)) strong(v);

  // One concrete circle per component: the shortest way back to its first file.
  return components.map((c) => {
    const inside = new Set(c);
    const start = [...c].sort()[0];
    const prev = new Map<string, string>();
    const queue = [start];
    const seen = new Set([start]);
    while (queue.length) {
      const v = queue.shift()!;
      for (const to of edges.get(v) ?? []) {
        if (!inside.has(to)) continue;
        if (to === start) {
          const loop = [v];
          while (loop[0] !== start) loop.unshift(prev.get(loop[0])!);
          return [...loop, start].map(rel);
        }
        if (!seen.has(to)) {
          seen.add(to);
          prev.set(to, v);
          queue.push(to);
        }
      }
    }
    return c.map(rel);
  });
}

function featureOf(file: string): string | undefined {
  const r = path.relative(features, file);
  if (r.startsWith('..') || path.isAbsolute(r)) return undefined;
  return r.split(path.sep)[0];
}

describe("the UI's imports", () => {
  const { edges, unresolved } = graph();

  it('resolve to files', () => {
    expect(unresolved, 'relative imports that name no file').toEqual([]);
  });

  it('make no circle', () => {
    const found = circles(edges).map((c) => c.join(' → '));
    expect(found, 'import circles (move what both sides need into lib/ or components/)').toEqual([]);
  });

  it('keep each feature to itself', () => {
    const crossings: string[] = [];
    const used = new Set<(typeof allowedCrossFeature)[number]>();
    for (const [file, list] of edges) {
      const from = featureOf(file);
      if (!from) continue;
      for (const to of list) {
        const target = featureOf(to);
        if (!target || target === from) continue;
        const inFeatures = path.relative(features, to).split(path.sep).join('/');
        const allowed = allowedCrossFeature.find((a) => a.from === from && inFeatures.startsWith(a.to));
        if (allowed) {
          used.add(allowed);
          continue;
        }
        crossings.push(`${rel(file)} → ${rel(to)}`);
      }
    }
    expect([...new Set(crossings)], 'a feature imports another (share through components/ or lib/)').toEqual([]);
    const stale = allowedCrossFeature.filter((a) => !used.has(a)).map((a) => `${a.from} → ${a.to}`);
    expect(stale, 'allowed crossings that no longer happen: remove them from the list').toEqual([]);
  });

  it('leave components/ and lib/ to themselves', () => {
    const upward: string[] = [];
    for (const [file, list] of edges) {
      if (!/^(components|lib)\//.test(rel(file))) continue;
      for (const to of list) if (/^(features|layouts)\//.test(rel(to))) upward.push(`${rel(file)} → ${rel(to)}`);
    }
    expect(upward, 'shared code imports a feature or a layout').toEqual([]);
  });

  it('are read from the source', () => {
    // The test itself must see the imports it judges: known ones, through
    // the alias, a dynamic import() and a lazy part's server twin.
    const from = (file: string) => (edges.get(path.join(src, file)) ?? []).map(rel);
    expect(from('router/browser.ts')).toContain('router/layouts.client.ts');
    expect(from('router/layouts.client.ts')).toContain('layouts/calendar.tsx');
    expect(from('layouts/form.tsx')).toContain('features/payments/lazyParts.server.ts');
    expect(from('features/payments/lazyParts.ts')).toContain('features/payments/PaymentResultScreen.tsx');
  });
});
