import path from 'node:path';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: { alias: { '@registry': path.resolve('ui/src/layouts/registry.server.ts') } },
  esbuild: { jsx: 'automatic' },
  test: {
    include: ['ui/src/**/*.test.{ts,tsx}', 'ui/build/**/*.test.{js,mjs}'],
    environment: 'jsdom',
    css: { modules: { classNameStrategy: 'non-scoped' } },
  },
});
