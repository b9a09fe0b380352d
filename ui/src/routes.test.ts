import { describe, expect, it } from 'vitest';
import type { LayoutModule } from './layouts/types';
import { layoutSources } from './router/layouts.server';

const moduleOf = (layout: keyof typeof layoutSources) => layoutSources[layout] as LayoutModule;
import { href, routes } from './routes';

describe('the route table', () => {
  it.each(routes.map((r) => [r.name, r.layout] as const))('route %s has a screen in its %s layout', (name, layout) => {
    const mod = moduleOf(layout);
    expect(mod.screens[name], `no component for route ${name}`).toBeTypeOf('function');
  });

  it('has no screen without a route', () => {
    const names = new Set(routes.map((r) => r.name));
    for (const layout of ['calendar', 'form', 'page', 'error'] as const) {
      for (const screen of Object.keys(moduleOf(layout).screens)) {
        expect(names.has(screen), `screen ${screen} in ${layout} has no route`).toBe(true);
      }
    }
  });
});

describe('href', () => {
  it.each([
    ['index', 'en-US', {}, {}, '/'],
    ['index', 'de', {}, {}, '/de'],
    ['bookings', 'en-US', { slug: 'demo-consultation' }, {}, '/widget/bookings/demo-consultation'],
    ['bookings', 'pt-br', { slug: 'a b' }, { query: { month: '2026-12' } }, '/pt-br/widget/bookings/a%20b?month=2026-12'],
    ['website', 'fr', { path: 'about/team' }, { kind: 'page' }, '/fr/about/team'],
    ['bookingView', 'en-US', { ids: 'bk_1' }, { kind: 'ids', query: { token: 't&k' } }, '/widget/booking/bk_1?token=t%26k'],
  ] as const)('%s in %s', (name, locale, params, opts, want) => {
    expect(href(name, locale, params as Record<string, string>, opts)).toBe(want);
  });

  it('refuses a link that cannot exist', () => {
    expect(() => href('nope', 'en-US')).toThrow();
    expect(() => href('bookings', 'en-US')).toThrow(/slug/);
    expect(() => href('bookings', 'en-US', { slug: 'x' }, { kind: 'nope' })).toThrow();
  });
});
