import { describe, expect, it } from 'vitest';
import { loadLayout } from './layouts/registry.server';
import { routes } from './routes';

describe('the route table', () => {
  it.each(routes.map((r) => [r.name, r.layout] as const))('route %s has a screen in its %s layout', async (name, layout) => {
    const mod = await loadLayout(layout);
    expect(mod.screens[name], `no component for route ${name}`).toBeTypeOf('function');
  });

  it('has no screen without a route', async () => {
    const names = new Set(routes.map((r) => r.name));
    for (const layout of ['calendar', 'form', 'page', 'error'] as const) {
      for (const screen of Object.keys((await loadLayout(layout)).screens)) {
        expect(names.has(screen), `screen ${screen} in ${layout} has no route`).toBe(true);
      }
    }
  });
});
