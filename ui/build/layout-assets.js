// What a page of each layout needs from the client build, written as
// client/layout-assets.json for the Go server (backend/internal/web/assets.go):
//   scripts: the layout's chunk and the shared chunks it cannot run without,
//            preloaded beside the entry (no waterfall through webpack's runtime);
//   styles:  the CSS of the layout and of every part it may fetch later
//            (lib/lazyPart.ts), linked up front so any step the server
//            renders is styled before, or without, any script.
const LAYOUT = /^layout-(.+)$/;

function filesOf(chunks, ext) {
  const out = new Set();
  for (const chunk of chunks) for (const f of chunk.files) if (f.endsWith(ext)) out.add(f);
  return out;
}

// descendants are a chunk group's async children, their children, and so on.
function descendants(group, seen = new Set()) {
  for (const child of group.getChildren()) {
    if (seen.has(child)) continue;
    seen.add(child);
    descendants(child, seen);
  }
  return seen;
}

function layoutAssets(compilation, publicPath) {
  const out = {};
  for (const [name, group] of compilation.namedChunkGroups) {
    const m = LAYOUT.exec(name);
    if (!m) continue;
    const later = [...descendants(group)].flatMap((g) => g.chunks);
    const styles = new Set([...filesOf(group.chunks, '.css'), ...filesOf(later, '.css')]);
    out[m[1]] = {
      scripts: [...filesOf(group.chunks, '.js')].sort().map((f) => publicPath + f),
      styles: [...styles].sort().map((f) => publicPath + f),
    };
  }
  return out;
}

class LayoutAssetsPlugin {
  constructor(fileName) {
    this.fileName = fileName;
  }

  apply(compiler) {
    compiler.hooks.thisCompilation.tap('LayoutAssetsPlugin', (compilation) => {
      compilation.hooks.processAssets.tap({ name: 'LayoutAssetsPlugin', stage: compiler.webpack.Compilation.PROCESS_ASSETS_STAGE_REPORT }, () => {
        const json = JSON.stringify(layoutAssets(compilation, compilation.outputOptions.publicPath), null, 1);
        compilation.emitAsset(this.fileName, new compiler.webpack.sources.RawSource(json));
      });
    });
  }
}

module.exports = { LayoutAssetsPlugin, layoutAssets };
