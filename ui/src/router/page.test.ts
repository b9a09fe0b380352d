import type { ShouldRevalidateFunctionArgs } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { Payload } from '../payload';
import { settle, shouldRevalidatePage } from './page';
import { scrollKey } from './scroll';

const shown = (layout: Payload['layout']) => settle({ route: 'x', layout, scrollToTop: true } as Payload);

const args = (from: string, to: string, over: Partial<ShouldRevalidateFunctionArgs> = {}) =>
  ({ currentUrl: new URL(from, 'http://x'), nextUrl: new URL(to, 'http://x'), defaultShouldRevalidate: true, ...over }) as ShouldRevalidateFunctionArgs;

describe('which navigations ask Go for the page again', () => {
  it.each([
    ['a day picked', 'calendar', '/widget/bookings/demo', '/widget/bookings/demo?month=2026-11&date=2026-11-23', false],
    ['a time picked, the zone kept', 'calendar', '/widget/bookings/demo?tz=Europe%2FBerlin&date=2026-11-23', '/widget/bookings/demo?tz=Europe%2FBerlin&date=2026-11-23&time=x', false],
    ['back to the times', 'calendar', '/widget/bookings/demo?date=2026-11-23&time=x', '/widget/bookings/demo?date=2026-11-23', false],
    ['a cart changed', 'calendar', '/widget/service-menus/m?cart=a', '/widget/service-menus/m?cart=a,b&for=1', false],
    ['the cart taken to its times', 'calendar', '/widget/service-menus/m?cart=a', '/widget/service-menus/m?cart=a&step=time', true],
    ['another zone', 'calendar', '/widget/bookings/demo?tz=UTC', '/widget/bookings/demo?tz=Asia%2FTokyo', true],
    ['another calendar', 'calendar', '/widget/bookings/demo', '/widget/bookings/other', true],
    ['a form with a date in its query', 'form', '/widget/form/f', '/widget/form/f?date=2026-11-23', true],
    ['the next page of a blog', 'page', '/blog', '/blog?page=2', true],
  ] as const)('%s: %s', (_, layout, from, to, want) => {
    shown(layout);
    expect(shouldRevalidatePage(args(from, to))).toBe(want);
  });

  it('always after a post, unless the router would not', () => {
    shown('calendar');
    expect(shouldRevalidatePage(args('/widget/bookings/demo', '/widget/bookings/demo?date=2026-11-23', { formMethod: 'POST' }))).toBe(true);
    expect(shouldRevalidatePage(args('/widget/bookings/demo', '/widget/bookings/demo', { formMethod: 'POST', defaultShouldRevalidate: false }))).toBe(false);
  });

  it('never when the router would not (a hash on the same page)', () => {
    shown('page');
    expect(shouldRevalidatePage(args('/about', '/about#team', { defaultShouldRevalidate: false }))).toBe(false);
  });
});

describe('an error page', () => {
  it('is thrown to the error element with its status', () => {
    let thrown: unknown;
    try {
      settle({ route: 'error', layout: 'error', status: 410 } as Payload);
    } catch (err) {
      thrown = err;
    }
    expect(thrown).toMatchObject({ data: { route: 'error' }, init: { status: 410 } });
  });
});

describe('where a navigation scrolls', () => {
  const at = (key: string, pathname = '/a') => ({ pathname, search: '', hash: '', state: null, key, mask: undefined });
  const match = (scrollToTop: boolean) => [{ id: 'page', pathname: '/a', params: {}, loaderData: { scrollToTop }, handle: undefined }];
  it('keys each history entry by itself: a new entry starts at the top, Back restores', () => {
    expect(scrollKey(at('k1'), match(true))).toBe('k1');
    expect(scrollKey(at('k2'), match(true))).toBe('k2');
  });
  it('keys a route that keeps its scroll by its path', () => {
    expect(scrollKey(at('k1'), match(false))).toBe('/a');
    expect(scrollKey(at('k2'), match(false))).toBe('/a');
  });
  it('keys an error page by its entry', () => {
    expect(scrollKey(at('k3'), [])).toBe('k3');
  });
});
