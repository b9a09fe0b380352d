import { createMemoryRouter, type DataRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LayoutModule, LayoutSource } from '../layouts/types';
import type { Layout, Payload } from '../payload';
import { discoverPages } from './discover';
import { routePath } from './ids';
import { firstPage } from './routes';

describe('a path as a route path', () => {
  it.each([
    ['/', '/'],
    ['/widget/bookings/demo', '/widget/bookings/demo'],
    ['/fr/%C3%A0-propos', '/fr/à-propos'],
    ['/a%2Fb/c', '/a%2Fb/c'],
    ['/blog/post.(draft)', '/blog/post.(draft)'],
    ['/about/', '/about/'],
    ['//widget/bookings/demo', null],
    ['/a//b', null],
    ['/widget/:id', null],
    ['/a/b%3F', null],
    ['/a/*', null],
    ['/a/%E0%A4%A', null],
  ])('%s → %s', (pathname, want) => {
    expect(routePath(pathname)).toBe(want);
  });
});

const module = (name: string): LayoutModule => ({ Layout: ({ children }) => children, screens: { [name]: () => null } });
const page = (path: string, layout: Layout, over: Partial<Payload> = {}) => ({ route: layout, layout, path, status: 200, scrollToTop: true, ...over }) as Payload;

describe('a path the router has not seen', () => {
  afterEach(() => vi.unstubAllGlobals());

  function start(sources: Record<Layout, LayoutSource>, answers: Record<string, Payload>) {
    const asked: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        const path = new URL(url, 'http://x').searchParams.get('path') ?? '';
        asked.push(path);
        return new Response(JSON.stringify(answers[path]), { status: answers[path]?.status ?? 500 });
      }),
    );
    const { routes, hydrationData } = firstPage('/', page('/', 'page'), sources);
    const router: DataRouter = createMemoryRouter(routes, { initialEntries: ['/'], hydrationData, patchRoutesOnNavigation: discoverPages(() => router) });
    return { router, asked };
  }
  const ids = (router: DataRouter) => router.state.matches.map((m) => m.route.id);

  it('joins the tree under its layout, its chunk loaded lazily, with one request to Go', async () => {
    const formChunk = vi.fn(async () => module('form'));
    const sources = { page: module('page'), form: formChunk, calendar: module('calendar'), error: module('error'), admin: module('admin') };
    const { router, asked } = start(sources, { '/widget/form/f?step=2': page('/widget/form/f?step=2', 'form') });
    await router.navigate('/widget/form/f?step=2');
    expect(ids(router)).toEqual(['root', 'layout:form', 'page:/widget/form/f']);
    expect(router.state.loaderData['page:/widget/form/f']).toMatchObject({ layout: 'form' });
    expect(router.state.matches[1].route.handle).toEqual({ layout: await formChunk.mock.results[0].value });
    expect(asked).toEqual(['/widget/form/f?step=2']);
    expect(formChunk).toHaveBeenCalledTimes(1);
  });

  it('is learned once: going there again only loads its data', async () => {
    const sources = { page: module('page'), form: module('form'), calendar: module('calendar'), error: module('error'), admin: module('admin') };
    const { router, asked } = start(sources, { '/widget/form/f': page('/widget/form/f', 'form'), '/': page('/', 'page') });
    await router.navigate('/widget/form/f');
    await router.navigate('/');
    await router.navigate('/widget/form/f');
    expect(ids(router)).toEqual(['root', 'layout:form', 'page:/widget/form/f']);
    expect(asked).toEqual(['/widget/form/f', '/', '/widget/form/f']);
  });

  it('that Go does not know is an error page under the error layout', async () => {
    const sources = { page: module('page'), form: module('form'), calendar: module('calendar'), error: module('error'), admin: module('admin') };
    const missing = page('/nope', 'error', { route: 'error', status: 404 });
    const { router } = start(sources, { '/nope': missing });
    await router.navigate('/nope');
    expect(ids(router)).toEqual(['root', 'layout:error', 'page:/nope']);
    expect(router.state.errors?.['page:/nope']).toMatchObject({ status: 404, data: { route: 'error' } });
  });

  it('that Go redirects goes to the canonical URL', async () => {
    const sources = { page: module('page'), form: module('form'), calendar: module('calendar'), error: module('error'), admin: module('admin') };
    const { router } = start(sources, { '/old': page('/old', 'page', { redirect: '/new' }), '/new': page('/new', 'page') });
    await router.navigate('/old');
    expect(router.state.location.pathname).toBe('/new');
    expect(ids(router)).toEqual(['root', 'layout:page', 'page:/new']);
  });
});
