// In production a CSS module's class is a short hash: every class is a
// string in the JavaScript and the HTML of every page. The build writes
// which hash each source class became (server/classes.json: the module's
// path under ui/src → its class → the hash), for the tests that look for
// a class in the built CSS.
const path = require('node:path');
const { defaultGetLocalIdent } = require('css-loader');

class ClassNames {
  constructor(src) {
    this.src = src;
    this.names = {};
  }

  // getLocalIdent is css-loader's own naming, remembered.
  getLocalIdent = (context, localIdentName, localName, options) => {
    const ident = defaultGetLocalIdent(context, localIdentName, localName, options);
    const file = path.relative(this.src, context.resourcePath).split(path.sep).join('/');
    (this.names[file] ??= {})[localName] = ident;
    return ident;
  };

  apply(compiler) {
    compiler.hooks.thisCompilation.tap('ClassNames', (compilation) => {
      compilation.hooks.processAssets.tap({ name: 'ClassNames', stage: compiler.webpack.Compilation.PROCESS_ASSETS_STAGE_REPORT }, () => {
        const sorted = Object.fromEntries(Object.keys(this.names).sort().map((f) => [f, this.names[f]]));
        compilation.emitAsset('classes.json', new compiler.webpack.sources.RawSource(JSON.stringify(sorted, null, 1)));
      });
    });
  }
}

module.exports = { ClassNames };
