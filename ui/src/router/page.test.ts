import type { ShouldRevalidateFunctionArgs } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Payload } from '../payload';
import { pageLoader, shouldRevalidatePage } from './page';
import { settle } from './settle';
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
  const at = (key: string, pathname = '/a') => ({ pathname, search: '?tab=2', hash: '', state: null, key, mask: undefined });
  const showing = (path: string, scrollToTop: boolean) => settle({ route: 'website', layout: 'page', path, scrollToTop } as Payload);
  it('keys each history entry by itself: a new entry starts at the top, Back restores', () => {
    showing('/a', true);
    expect(scrollKey(at('k1'))).toBe('k1');
    expect(scrollKey(at('k2'))).toBe('k2');
  });
  it('keys a route that keeps its scroll by its path, within it', () => {
    showing('/a?tab=1', false);
    expect(scrollKey(at('k1'))).toBe('/a');
    expect(scrollKey(at('k2'))).toBe('/a');
    expect(scrollKey(at('k3', '/b'))).toBe('k3');
  });
});

describe('asking again for the page on screen', () => {
  afterEach(() => vi.unstubAllGlobals());
  const load = (path: string) => pageLoader('form')({ request: new Request('http://x' + path), params: {}, context: undefined } as unknown as Parameters<ReturnType<typeof pageLoader>>[0]);
  const onScreen = () => settle({ route: 'verifyPayment', layout: 'form', path: '/verifyPayment?payment=p1', status: 200, data: { state: 'pending' } } as unknown as Payload);

  it.each([
    ['the network fails', () => Promise.reject(new TypeError('offline'))],
    ['the provider cannot be asked', () => Promise.resolve(new Response(JSON.stringify({ route: 'error', layout: 'error', status: 503 }), { status: 503 }))],
  ])('keeps what is shown when %s', async (_, answer) => {
    const shown = onScreen();
    vi.stubGlobal('fetch', vi.fn(answer));
    expect(await load('/verifyPayment?payment=p1')).toBe(shown);
  });

  it('shows the new answer when there is one', async () => {
    onScreen();
    const paid = { route: 'verifyPayment', layout: 'form', path: '/verifyPayment?payment=p1', status: 200, data: { state: 'paid' } };
    vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify(paid), { status: 200 })));
    expect(await load('/verifyPayment?payment=p1')).toMatchObject({ data: { state: 'paid' } });
  });
});
