import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// The browser's parts (lazyParts.ts) and the server's (lazyParts.server.ts)
// must name the same components, or a step would render on one side only
// and hydration would not match.
const here = path.resolve('ui/src/features/booking');
const read = (f: string) => fs.readFileSync(path.join(here, f), 'utf8');
const names = (src: string, maker: string) => [...src.matchAll(new RegExp(`export const (\\w+) = ${maker}\\(`, 'g'))].map((m) => m[1]).sort();

describe('lazy parts', () => {
  const client = names(read('lazyParts.ts'), 'lazyPart');
  const server = names(read('lazyParts.server.ts'), 'eagerPart');

  it('the server has an eager twin of every part the browser fetches', () => {
    expect(client.length).toBeGreaterThan(0);
    expect(server).toEqual(client);
  });

  it('the unit tests render the eager twins', async () => {
    const parts = await import('./lazyParts');
    for (const name of client) {
      const part = (parts as Record<string, { Component: unknown }>)[name];
      expect(typeof part.Component, name).toBe('function'); // a lazy component is an object
    }
  });
});
