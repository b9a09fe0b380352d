import { renderToString } from 'react-dom/server';
import { createStaticHandler, isRouteErrorResponse, type StaticHandlerContext } from 'react-router';
import { describe, expect, it } from 'vitest';
import { layoutSources } from '@layouts';
import type { FormPageData } from '../generated/web';
import type { Payload } from '../payload';
import { bookingPageData, payload, tree } from '../testing/booking';
import { pageMessages } from '../testing/pageMessages';
import { ORIGIN } from './documentRequest';
import { pageRouteId } from './ids';
import { firstPage } from './routes';
import { loadedContext, serverRoutes, staticContext, staticPage } from './static';

const nav = [{ id: 1, path: 'about', title: 'About the studio', description: 'Who we are.', paragraphs: null, sections: null, updatedAt: '2026-11-20T10:00:00Z' }];
const about = { id: 1, path: 'about', title: 'About the studio', description: 'Who we are.', paragraphs: ['Founded by two therapists.'], sections: [{ type: 'heading', text: 'Book' }, { type: 'button', text: 'Read the journal', href: '/blog' }], updatedAt: '2026-11-20T10:00:00Z' };
const contactForm = (): FormPageData => ({
  key: 'key-1', step: 'contact', values: { name: ['Ada'] }, query: {}, done: false, position: 1, total: 1,
  business: { name: 'Slotwise Demo Studio' },
  form: {
    slug: 'demo-contact', kind: 'form', title: 'Get in touch', today: '2026-11-23', region: 'DE', submit: 'Send message', rules: [],
    steps: [{ id: 'contact', fields: [{ id: 'name', type: 'name', label: 'Your name', required: true, maxLength: 100 }, { id: 'email', type: 'email', label: 'Email', required: true, maxLength: 254 }] }],
  },
});
const de = { locale: 'de', lang: 'de', messages: pageMessages('de') };

// Pages as Go's loaders make them, at URLs as Go writes them.
const pages: [string, Payload][] = [
  ['a booking page', payload('bookings', bookingPageData())],
  ['a booking page in German, its steps in the query', payload('bookings', bookingPageData(), { ...de, path: '/de/widget/bookings/demo-consultation?month=2026-11&tz=Europe%2FBerlin' })],
  ['a form refused with its messages', payload('form', contactForm(), { layout: 'form', path: '/widget/form/demo-contact', status: 409, action: { message: 'Open too long.', code: 'form_expired', values: { name: 'Ada' } } })],
  ['a website page at an escaped path', payload('website', { page: about, nav }, { layout: 'page', kind: 'page', path: '/fr/%C3%A0-propos' })],
  ['an unknown address in the website frame', payload('error', { nav, book: '/widget/groups/demo-group' }, { layout: 'page', path: '/nope', status: 404, statusMessage: 'Page Not Found: /nope' })],
  ['an expired link', payload('error', null, { layout: 'error', path: '/widget/otl/otl_x', status: 410, statusMessage: 'slug expired' })],
  ['a path the router would read as a pattern', payload('error', null, { layout: 'error', path: '/widget/bookings/:x', status: 404 })],
];

const pathnameOf = (p: Payload) => new URL(p.path, ORIGIN).pathname;

// What the router reads of a context: where it is, what matched, the
// routes' data and errors; and what a server reads: the status, the headers.
const fields = (c: StaticHandlerContext) => ({
  basename: c.basename,
  location: c.location,
  matches: c.matches.map((m) => ({ id: m.route.id, params: m.params, pathname: m.pathname, pathnameBase: m.pathnameBase })),
  loaderData: c.loaderData,
  actionData: c.actionData,
  errors: c.errors && Object.fromEntries(Object.entries(c.errors).map(([id, e]) => [id, isRouteErrorResponse(e) ? { response: true, status: e.status, statusText: e.statusText, data: e.data } : e])),
  statusCode: c.statusCode,
  loaderHeaders: c.loaderHeaders,
  actionHeaders: c.actionHeaders,
  keys: Object.keys(c).sort(),
});

describe("V8's render is react-router's documented server render", () => {
  it.each(pages)('%s: the same context as query() with a Request', async (_, p) => {
    const { context } = await staticContext(p.path, p);
    const documented = await createStaticHandler(serverRoutes(pathnameOf(p), p.layout)).query(new Request(ORIGIN + p.path), { requestContext: loadedContext(p) });
    if (documented instanceof Response) throw new Error('query() answered a Response');
    expect(fields(context)).toEqual(fields(documented));
  });

  it.each(pages)("%s: the page's data, or its error page as the route's error response, with Go's status", async (_, p) => {
    const { context } = await staticContext(p.path, p);
    const id = pageRouteId(pathnameOf(p));
    expect(context.matches.map((m) => m.route.id)).toEqual(['root', `layout:${p.layout}`, id]);
    expect(context.statusCode).toBe(p.status);
    if (p.route === 'error') {
      const err = context.errors?.[id];
      expect(isRouteErrorResponse(err) && [err.status, err.data]).toEqual([p.status, p]);
    } else {
      expect(context.loaderData[id]).toBe(p);
      expect(context.errors).toBeNull();
    }
  });
});

// An error page is the route's error: the payload, held by the error
// response the router makes of the loader's data(), or as it is (routes.tsx).
const errorPages = (errors: StaticHandlerContext['errors'] | undefined) =>
  Object.entries(errors ?? {}).map(([id, e]) => [id, isRouteErrorResponse(e) ? e.data : e]);

describe('the browser hydrates what V8 rendered', () => {
  it.each(pages)('%s: its first state is the handler context', async (_, p) => {
    const { context } = await staticContext(p.path, p);
    const { hydrationData } = firstPage(pathnameOf(p), p, layoutSources);
    expect(hydrationData.loaderData ?? {}).toEqual(context.loaderData);
    expect(errorPages(hydrationData.errors)).toEqual(errorPages(context.errors));
  });

  it.each(pages)('%s: its first render is the HTML V8 rendered', async (_, p) => {
    const html = renderToString(await staticPage(p.path, p));
    expect(html.length).toBeGreaterThan(200); // a page, not an empty frame
    expect(renderToString(tree(p))).toBe(html);
  });
});

describe("a path's handler, made once", () => {
  it('renders each payload Go loads for the path: the page, edited, then gone', async () => {
    const id = pageRouteId('/about');
    const shown = payload('website', { page: about, nav }, { layout: 'page', kind: 'page', path: '/about' });
    const edited = { ...shown, data: { page: { ...about, title: 'About us' }, nav } };
    const gone = payload('error', { nav, book: '' }, { layout: 'page', path: '/about', status: 404 });
    expect((await staticContext('/about', shown)).context.loaderData[id]).toBe(shown);
    expect((await staticContext('/about', edited)).context.loaderData[id]).toBe(edited);
    const { context } = await staticContext('/about', gone);
    expect(errorPages(context.errors)).toEqual([[id, gone]]);
    expect(context.statusCode).toBe(404);
  });
});
