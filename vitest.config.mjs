import os from 'node:os';
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
    // A worker a core: vitest keeps one core for its main process by
    // default, which idles while the workers run and, on a two-core
    // machine, halved the run (110 s, 72 s with two workers).
    maxWorkers: os.availableParallelism(),
    setupFiles: ['ui/src/testing/clockShift.setup.mjs'],
    css: { modules: { classNameStrategy: 'non-scoped' } },
  },
});
