import path from 'node:path';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  // Tests render as the server does: every layout and part eagerly.
  resolve: {
    alias: [
      { find: '@layouts', replacement: path.resolve('ui/src/router/layouts.server.ts') },
      { find: /^(.*\/lazyParts)$/, replacement: '$1.server' },
    ],
  },
  esbuild: { jsx: 'automatic' },
  test: {
    include: ['ui/src/**/*.test.{ts,tsx}', 'ui/build/**/*.test.{js,mjs}'],
    environment: 'jsdom',
    setupFiles: ['ui/src/testing/clockShift.setup.mjs'],
    css: { modules: { classNameStrategy: 'non-scoped' } },
  },
});
