// The page routes' data functions, a chunk of its own (page.ts): Go
// matches every URL and loads its data (backend/internal/web/loader.go);
// the client asks it for the payload of each navigation and posts each form
// to it, so the browser and a browser without JavaScript get the same
// answers from the same code.
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from 'react-router';
import type { Messages } from '../lib/i18n';
import { createClient } from '../lib/http';
import { intlFor } from '../lib/intl';
import { reloadInFull } from '../lib/navigation';
import { currentPage } from '../lib/pageData';
import type { Layout, Payload } from '../payload';
import { settle } from './settle';

const api = createClient('');

// fetchPage asks the server for a page's payload, from the same Go loader
// that renders it: the router's loader on every navigation and revalidation.
export async function fetchPage(target: string, signal?: AbortSignal): Promise<Payload> {
  const { body } = await api<Payload>('/api/page-data?path=' + encodeURIComponent(target), { timeoutMs: 15000, retries: 2, init: { signal } });
  return body;
}

// An action's answer from Go: the page to go to next, or the page again
// with what was wrong (the payload, with its `action`).
export type ActionAnswer = { redirect: string } | Payload;

// postPage sends a form to its page's own URL, as a browser without
// JavaScript does, and asks for the answer as data: fetch would follow a
// 303 silently and lose where it pointed.
export async function postPage(target: string, body: URLSearchParams, signal?: AbortSignal): Promise<{ status: number; body: ActionAnswer }> {
  return api<ActionAnswer>(target, {
    timeoutMs: 20000,
    init: { method: 'POST', body, signal, headers: { 'Content-Type': 'application/x-www-form-urlencoded' } },
  });
}

// loadPage loads a page of a layout (null: of none, the catch-all's):
// what Go answered, unless it is a page of another layout, which this
// route cannot show, or the target could not be loaded here at all; then
// the target is loaded in full and the server answers.
export async function loadPage(layout: Layout | null, { request }: LoaderFunctionArgs): Promise<Payload> {
  const target = pathOf(request.url);
  // The page on screen asked for again (the payment result asking about a
  // payment still pending): a check that fails keeps what is shown.
  const shown = currentPage();
  const again = shown !== null && shown.path === target;
  let payload: Payload;
  try {
    payload = await (takeDiscovered(target) ?? fetchPage(target, request.signal));
    // Another form of a page's URL: go to its canonical one instead.
    if (payload.redirect) throw redirect(payload.redirect);
  } catch (err) {
    if (err instanceof Response || request.signal.aborted) throw err;
    if (again) return shown;
    return loadInFull(target, err);
  }
  if (again && payload.route === 'error' && payload.status >= 500) return shown;
  if (!shows(layout, payload)) return loadInFull(target, new Error(`${target} is a ${payload.layout} page`));
  return settle(payload);
};

// A page route shows its own layout's pages and the error screens.
const shows = (layout: Layout | null, payload: Payload) => payload.layout === 'error' || payload.layout === layout;

// The payload the route discovery asked Go for (discover.ts), for the
// loader of the same navigation: a path's first visit is one request.
let discovered: { target: string; payload: Promise<Payload> } | null = null;

export function discoveredPage(target: string, payload: Promise<Payload>) {
discovered = { target, payload };
}

function takeDiscovered(target: string): Promise<Payload> | undefined {
const found = discovered;
discovered = null;
return found?.target === target ? found.payload : undefined;
}

// postForm posts a <Form> to Go's action for the page, as the browser
// would without JavaScript: its redirect becomes the router's, and a
// refusal is the page again with the messages and the values sent.
export async function postForm(layout: Layout, { request }: ActionFunctionArgs) {
  const target = pathOf(request.url);
  const form = new URLSearchParams();
  for (const [k, v] of await request.formData()) if (typeof v === 'string') form.append(k, v);
  let res: Awaited<ReturnType<typeof postPage>>;
  try {
    res = await postPage(target, form, request.signal);
  } catch (err) {
    if (request.signal.aborted) throw err;
    return unreachable(form); // offline, or an answer that was not Go's
  }
  if (res.body && 'redirect' in res.body && typeof res.body.redirect === 'string') {
    // A page of the site, named by its path, is the router's to show; the
    // server's own pages beside the routes (/api/…: our page that opens a
    // provider's checkout) and whole addresses (a provider's page, or ours
    // with its origin) are documents.
    const to = res.body.redirect;
    if (!/^(https?:|\/api\/)/.test(to)) throw redirect(to);
    window.location.assign(to);
    return new Promise<never>(() => {}); // the document goes; the form stays busy meanwhile
  }
  const payload = res.body as Payload | null;
  if (!payload || typeof payload.route !== 'string') return unreachable(form);
  if (!shows(layout, payload)) return loadInFull(target, new Error(`${target} is a ${payload.layout} page`));
  return data(settle(payload), { status: res.status });
};

// unreachable is the page on screen again, saying in its language that
// the server could not be reached: what was typed stays, and sending again
// posts the same form key, so a post that did arrive is not made twice.
function unreachable(form: URLSearchParams) {
  const page = currentPage();
  if (!page) throw new Error('a form was posted before any page was shown');
  const message = intlFor(page.lang, page.messages as Messages, () => {}).formatMessage({ id: 'error.unavailable' });
  return data(settle({ ...page, status: 503, action: { message, values: Object.fromEntries(form) } }), { status: 503 });
}

const pathOf = (url: string) => {
  const u = new URL(url);
  return u.pathname + u.search;
};

function loadInFull(target: string, err: unknown): Promise<never> {
  if (!reloadInFull(target, err)) throw err;
  return new Promise<never>(() => {}); // the page is leaving
}
