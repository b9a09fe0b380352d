// Every catalogue's messages parsed once at build time, so the browser needs
// no ICU parser (8.6 KB of gzipped JavaScript): pages carry the parsed form
// (backend/internal/web/messages.go) and intl-messageformat formats it
// directly. Each language is merged over en-US as the Go catalogues are, and
// carries a digest of its texts, so a binary whose locales changed after the
// build refuses to start instead of showing stale words.
const fs = require('node:fs');
const path = require('node:path');
const crypto = require('node:crypto');
const { parse, TYPE } = require('@formatjs/icu-messageformat-parser');

const FALLBACK = 'en-US';

// digest is sha256 over each id and its text, ids in byte order, each
// followed by a NUL: the same bytes Go hashes (messages.go, catalogueDigest).
function digest(messages) {
  const h = crypto.createHash('sha256');
  for (const id of Object.keys(messages).sort()) h.update(id + '\0' + messages[id] + '\0');
  return h.digest('hex');
}

function parsedCatalogues(localesDir) {
  const read = (name) => JSON.parse(fs.readFileSync(path.join(localesDir, name + '.json'), 'utf8'));
  const base = read(FALLBACK);
  const out = {};
  for (const file of fs.readdirSync(localesDir).filter((f) => f.endsWith('.json')).sort()) {
    const locale = file.slice(0, -'.json'.length);
    const merged = { ...base, ...read(locale) };
    const parsed = {};
    for (const [id, text] of Object.entries(merged)) {
      try {
        const ast = parse(text);
        // Text alone travels as text (ui/src/lib/i18n.tsx, IntlConfig.parsed):
        // most messages are, and pages carry a couple of hundred.
        parsed[id] = ast.length === 0 ? '' : ast.length === 1 && ast[0].type === TYPE.literal ? ast[0].value : ast;
      } catch (err) {
        throw new Error(`locales/${file}: message ${id} does not parse: ${err.message}`);
      }
    }
    out[locale] = { digest: digest(merged), messages: parsed };
  }
  return out;
}

// ParsedMessagesPlugin writes messages-parsed.json beside the server bundle.
class ParsedMessagesPlugin {
  constructor(localesDir) {
    this.localesDir = localesDir;
  }

  apply(compiler) {
    compiler.hooks.thisCompilation.tap('ParsedMessagesPlugin', (compilation) => {
      compilation.hooks.processAssets.tap({ name: 'ParsedMessagesPlugin', stage: compiler.webpack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL }, () => {
        const json = JSON.stringify(parsedCatalogues(this.localesDir));
        compilation.emitAsset('messages-parsed.json', new compiler.webpack.sources.RawSource(json));
      });
    });
  }
}

module.exports = { digest, parsedCatalogues, ParsedMessagesPlugin };
