// Two builds from one source: the client bundle (hashed, split by layout,
// CSS extracted) and the server bundle that V8 evaluates (one file, no
// chunks, no Node APIs, CSS modules reduced to their class names).
const path = require('node:path');
const webpack = require('webpack');
const MiniCssExtractPlugin = require('mini-css-extract-plugin');
const { WebpackManifestPlugin } = require('webpack-manifest-plugin');
const { MessageManifestPlugin } = require('./ui/build/message-ids');
const { ParsedMessagesPlugin } = require('./ui/build/parsed-messages');
const { LayoutAssetsPlugin } = require('./ui/build/layout-assets');
const { ClassNames } = require('./ui/build/class-names');

const src = path.resolve(__dirname, 'ui/src');
const out = path.resolve(__dirname, 'ui/dist');

const tsRule = {
  test: /\.[jt]sx?$/,
  include: src,
  loader: 'esbuild-loader',
  options: { loader: 'tsx', target: 'es2022', jsx: 'automatic' },
};

// classNames remembers what each class became (ui/build/class-names.js).
const classNames = new ClassNames(src);

function cssRule(server, mode) {
  // Short names in production: every class is a string in the JavaScript
  // and the HTML; the source's name stays in development.
  const modules = {
    auto: /\.module\.css$/, localIdentName: mode === 'production' ? '[hash:base64:5]' : '[local]_[hash:base64:6]',
    getLocalIdent: server && mode === 'production' ? classNames.getLocalIdent : undefined, namedExport: false, exportLocalsConvention: 'as-is', exportOnlyLocals: server,
  };
  return {
    test: /\.css$/,
    use: server
      ? [{ loader: 'css-loader', options: { modules } }]
      : [MiniCssExtractPlugin.loader, { loader: 'css-loader', options: { modules } }],
  };
}

const common = (mode) => ({
  mode,
  devtool: false,
  resolve: { extensions: ['.tsx', '.ts', '.js', '.json'] },
  performance: { hints: false },
  stats: 'errors-warnings',
});

// The browsers the UI supports are those of ES2022 (Safari 15.4 on every
// iPhone since the 6s, Chrome and Firefox since 2021): react-router ships
// that syntax (private class fields), and lowering it would cost bytes on
// every first page for browsers older than five years.
const client = (mode) => ({
  ...common(mode),
  name: 'client',
  target: ['web', 'es2022'],
  entry: { main: path.join(src, 'entry-client.tsx') },
  output: {
    path: path.join(out, 'client/assets'),
    publicPath: '/assets/',
    // Eight hex characters tell a file's versions apart; the entry carries
    // every chunk's, so each character more is one more byte of the first
    // JavaScript a booking page loads, which no gzip can shorten. A chunk's
    // hash is one of a file of its own name: seven (2^28 versions of one
    // name) keep that apart and leave room in the entry for the next chunk.
    filename: '[name].[contenthash:8].js',
    chunkFilename: '[name].[contenthash:7].js',
    clean: true,
  },
  resolve: {
    ...common(mode).resolve,
    alias: {
      '@layouts': path.join(src, 'router/layouts.client.ts'),
      // Pages carry their messages parsed (ui/build/parsed-messages.js), so
      // the browser formats them without the ICU parser.
      '@formatjs/icu-messageformat-parser$': require.resolve('@formatjs/icu-messageformat-parser/no-parser.js'),
    },
  },
  module: { rules: [tsRule, cssRule(false, mode)] },
  optimization: {
    splitChunks: {
      cacheGroups: {
        // The widgets' styles, of their first screen and of the parts they
        // fetch later, in one file a page links up front (website pages
        // and the dashboard keep their own).
        widgetStyles: { type: 'css/mini-extract', name: 'widget', chunks: (chunk) => !chunk.canBeInitial() && chunk.name !== 'layout-page' && chunk.name !== 'layout-admin', enforce: true },
      },
    },
  },
  plugins: [
    // Merging every step's CSS into one widget file mixes import orders of
    // unrelated modules; CSS modules scope each class, and the pairs that
    // share an element (Field's input with a step's own class) stay in order
    // (ui/build/layout-assets.test.mjs checks them).
    new MiniCssExtractPlugin({ filename: '[name].[contenthash:8].css', chunkFilename: '[name].[contenthash:8].css', ignoreOrder: true }),
    new WebpackManifestPlugin({ fileName: path.join(out, 'client/manifest.json'), publicPath: '/assets/' }),
    new LayoutAssetsPlugin('../layout-assets.json'),
  ],
});

const server = (mode) => ({
  ...common(mode),
  name: 'server',
  target: ['web', 'es2022'],
  entry: { server: path.join(src, 'entry-server.tsx') },
  output: { path: path.join(out, 'server'), filename: 'server.js', clean: true, iife: true },
  resolve: {
    ...common(mode).resolve,
    alias: {
      '@layouts': path.join(src, 'router/layouts.server.ts'),
      // The legacy browser build of react-dom/server runs in bare V8; the
      // streaming build needs TextEncoder at load time.
      'react-dom/server$': path.resolve(__dirname, `node_modules/react-dom/cjs/react-dom-server-legacy.browser.${mode === 'production' ? 'production' : 'development'}.js`),
    },
  },
  module: { rules: [tsRule, cssRule(true, mode)] },
  plugins: [
    new webpack.optimize.LimitChunkCountPlugin({ maxChunks: 1 }),
    // Parts the browser fetches as chunks (lib/lazyPart.ts) are imported
    // eagerly here: renderToString cannot wait for one.
    new webpack.NormalModuleReplacementPlugin(/\/lazyParts$/, (resource) => {
      resource.request += '.server';
    }),
    // messages.json: the message ids each layout uses, so payloads carry only those.
    new MessageManifestPlugin(src, path.resolve(__dirname, 'locales/en-US.json')),
    new ParsedMessagesPlugin(path.resolve(__dirname, 'locales')),
    classNames,
  ],
});

// embed: /embed.js, the script a business puts on its own site. One
// small file of its own (no chunks, no React), served at a fixed address
// (backend/internal/web/embed.go writes the languages into it).
const embed = (mode) => ({
  ...common(mode),
  name: 'embed',
  target: ['web', 'es2017'],
  entry: { embed: path.join(src, 'embed/host.ts') },
  output: { path: path.join(out, 'client'), filename: 'embed.js', iife: true },
  module: { rules: [{ ...tsRule, options: { ...tsRule.options, target: 'es2017' } }] },
});

module.exports = (_env, argv) => {
  const mode = argv.mode || 'production';
  return [client(mode), server(mode), embed(mode)];
};
