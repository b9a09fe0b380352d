// Which message ids each layout's screens use, found at build time from the
// sources, so a page's payload carries only those (backend/internal/web
// reads the manifest this produces). A layout's set is what its own modules
// reference plus what every page needs: the entry (cookie banner, language
// switcher, page host) and the error screen the browser shows when a page
// breaks.
//
// An id counts as referenced when a string literal in a reachable module
// equals it ('booking.submit', in JSX, a ternary or a constant alike), or
// when a template literal matches it with its ${…} parts as wildcards
// (`screen.${page.route}.title`).
const fs = require('node:fs');
const path = require('node:path');

const LAYOUTS = ['calendar', 'form', 'page', 'error', 'admin'];
const EXTENSIONS = ['.tsx', '.ts', '/index.tsx', '/index.ts'];
const IMPORT = /(?:import|export)\s[^'"]*?from\s*['"](\.{1,2}\/[^'"]+)['"]|import\(\s*(?:\/\*.*?\*\/\s*)?['"](\.{1,2}\/[^'"]+)['"]\s*\)|import\s+['"](\.{1,2}\/[^'"]+)['"]/g;
const STRING = /'((?:[^'\\\n]|\\.)*)'|"((?:[^"\\\n]|\\.)*)"|`((?:[^`\\]|\\.)*)`/g;

function resolve(from, spec) {
  const base = path.resolve(path.dirname(from), spec);
  if (/\.(tsx?|json|css)$/.test(spec)) return fs.existsSync(base) ? base : null;
  for (const ext of EXTENSIONS) if (fs.existsSync(base + ext)) return base + ext;
  return null;
}

// reachable lists the TypeScript modules imported, directly or not, from
// roots; with eager set, only what loads with them (no import() chunks).
function reachable(roots, eager = false) {
  const seen = new Set();
  const queue = [...roots];
  while (queue.length) {
    const file = queue.pop();
    if (seen.has(file) || !/\.tsx?$/.test(file)) continue;
    seen.add(file);
    const src = fs.readFileSync(file, 'utf8');
    for (const m of src.matchAll(IMPORT)) {
      if (eager && m[2]) continue;
      const next = resolve(file, m[1] || m[2] || m[3]);
      if (next) queue.push(next);
    }
  }
  return seen;
}

// referencedIds returns the catalogue ids that the source refers to.
function referencedIds(src, ids) {
  const out = new Set();
  for (const m of src.matchAll(STRING)) {
    const text = m[1] ?? m[2] ?? m[3] ?? '';
    if (m[3] !== undefined && text.includes('${')) {
      const pattern = new RegExp(
        '^' + text.split(/\$\{[^}]*\}/).map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('.+') + '$',
      );
      for (const id of ids) if (pattern.test(id)) out.add(id);
    } else if (ids.has(text)) {
      out.add(text);
    }
  }
  return out;
}

// screensOf reads a layout module's screens (route name → the module its
// screen is imported from) and the other modules it imports (its frame).
function screensOf(layoutFile) {
  const src = fs.readFileSync(layoutFile, 'utf8');
  const moduleOf = {};
  const imports = [];
  for (const m of src.matchAll(/import\s+(?:\{([^}]*)\}|(\w+))\s+from\s+['"](\.{1,2}\/[^'"]+)['"]/g)) {
    const file = resolve(layoutFile, m[3]);
    if (!file) continue;
    imports.push(file);
    for (const name of (m[1] ?? m[2]).split(',').map((n) => n.trim().split(/\s+as\s+/).pop())) if (name) moduleOf[name] = file;
  }
  const block = /screens:\s*\{([^}]*)\}/.exec(src);
  const screens = {};
  for (const m of (block ? block[1] : '').matchAll(/(\w+):\s*(\w+)/g)) if (moduleOf[m[2]]) screens[m[1]] = moduleOf[m[2]];
  const screenFiles = new Set(Object.values(screens));
  return { screens, frame: imports.filter((f) => !screenFiles.has(f)) };
}

// partsOf finds the chunks fetched with import() and named
// (webpackChunkName): part name → the modules it loads (several imports
// may share a chunk's name, and webpack one chunk). A lazyPart that names
// its texts (its third argument) is a part of its own even inside a
// shared chunk: the dashboard's screens are one chunk, and a page of one
// screen carries that screen's texts, not every screen's.
function partsOf(srcDir) {
  const parts = {};
  const files = reachable([path.join(srcDir, 'entry-client.tsx'), ...LAYOUTS.map((l) => path.join(srcDir, 'layouts', `${l}.tsx`))]);
  const chunk = /import\(\s*\/\*\s*webpackChunkName:\s*"([^"]+)"\s*\*\/\s*['"](\.{1,2}\/[^'"]+)['"]\s*\)(?:,[^,\n]*,\s*'([a-z0-9-]+)'\s*\))?/g;
  for (const file of files) {
    const src = fs.readFileSync(file, 'utf8');
    for (const m of src.matchAll(chunk)) {
      const module = resolve(file, m[2]);
      const name = m[3] ?? m[1];
      if (module && /\.tsx?$/.test(module) && !/^layout-/.test(m[1])) parts[name] = [...new Set([...(parts[name] ?? []), module])];
    }
  }
  return parts;
}

// messageManifest maps each layout to the sorted ids its pages need, and
// each route to the ids of its own screen ("form/quiz"): a page carries
// the second when there is one.
function messageManifest(srcDir, catalogue) {
  const ids = new Set(Object.keys(catalogue));
  const idsOf = (files) => {
    const out = new Set();
    for (const f of files) for (const id of referencedIds(fs.readFileSync(f, 'utf8'), ids)) out.add(id);
    return out;
  };
  // The layouts' sources are left out of the shared roots: they reach every
  // layout. An error the server answers brings the error layout's own set;
  // one the browser makes itself (router/elements.tsx, brokenPage) is shown
  // with the page's messages, so every page carries those two.
  const shared = idsOf(reachable([path.join(srcDir, 'entry-client.tsx')]));
  for (const id of ['error.unavailable', 'error.home']) shared.add(id);
  const manifest = {};
  for (const layout of LAYOUTS) {
    const file = path.join(srcDir, 'layouts', `${layout}.tsx`);
    const own = idsOf(reachable([file]));
    manifest[layout] = [...new Set([...shared, ...own])].sort();
    const { screens, frame } = screensOf(file);
    for (const [route, screen] of Object.entries(screens)) {
      // The layout's own module (its frame's texts), not every screen it
      // imports; parts fetched as chunks bring their own (partsOf).
      const ids = idsOf(new Set([file, ...reachable([...frame, screen], true)]));
      manifest[`${layout}/${route}`] = [...new Set([...shared, ...ids])].sort();
    }
  }
  for (const [name, modules] of Object.entries(partsOf(srcDir))) {
    manifest[`part/${name}`] = [...idsOf(reachable(modules, true))].sort();
  }
  return manifest;
}

// MessageManifestPlugin writes the manifest as messages.json beside the
// server bundle, where the Go binary embeds it.
class MessageManifestPlugin {
  constructor(srcDir, cataloguePath) {
    this.srcDir = srcDir;
    this.cataloguePath = cataloguePath;
  }

  apply(compiler) {
    compiler.hooks.thisCompilation.tap('MessageManifestPlugin', (compilation) => {
      compilation.hooks.processAssets.tap({ name: 'MessageManifestPlugin', stage: compiler.webpack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL }, () => {
        const catalogue = JSON.parse(fs.readFileSync(this.cataloguePath, 'utf8'));
        const json = JSON.stringify(messageManifest(this.srcDir, catalogue), null, 1);
        compilation.emitAsset('messages.json', new compiler.webpack.sources.RawSource(json));
      });
    });
  }
}

module.exports = { messageManifest, referencedIds, reachable, screensOf, partsOf, MessageManifestPlugin };
