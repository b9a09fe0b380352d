// The one route's data functions. Go matches every URL and loads its data
// (backend/internal/web/loader.go); the client asks it for the payload of
// each navigation and posts each form to it, so the browser and a browser
// without JavaScript get the same answers from the same code.
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type ShouldRevalidateFunctionArgs } from 'react-router';
import { loadLayout } from '@registry';
import { isChunkLoadError, navigateTo, shouldReloadAfterChunkError } from '../lib/navigation';
import type { Messages } from '../lib/i18n';
import { intlFor } from '../lib/intl';
import { currentPage, fetchPage, postPage, setCurrentPage } from '../lib/pageData';
import type { Payload } from '../payload';

// settle is a payload Go answered, as the router takes it: the page's data,
// or (an unknown page, an expired link, a failure) thrown to the route's
// error element with its status.
export function settle(payload: Payload): Payload {
  if (payload.route === 'error') throw data(payload, { status: payload.status });
  setCurrentPage(payload);
  return payload;
}

export async function pageLoader({ request }: LoaderFunctionArgs): Promise<Payload> {
  const target = pathOf(request.url);
  // The page on screen asked for again (the payment result asking about a
  // payment still pending): a check that fails keeps what is shown.
  const shown = currentPage();
  const again = shown !== null && shown.path === target;
  let payload: Payload;
  try {
    payload = await fetchPage(target, request.signal);
    // Another form of a page's URL: go to its canonical one instead.
    if (payload.redirect) throw redirect(payload.redirect);
    await loadLayout(payload.layout);
  } catch (err) {
    if (err instanceof Response || request.signal.aborted) throw err;
    if (again) return shown;
    return loadInFull(target, err);
  }
  if (again && payload.route === 'error' && payload.status >= 500) return shown;
  return settle(payload);
}

// pageAction posts a <Form> to Go's action for the page, as the browser
// would without JavaScript: its redirect becomes the router's, and a
// refusal is the page again with the messages and the values sent.
export async function pageAction({ request }: ActionFunctionArgs) {
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
  if (res.body && 'redirect' in res.body && typeof res.body.redirect === 'string') throw redirect(res.body.redirect);
  const payload = res.body as Payload | null;
  if (!payload || typeof payload.route !== 'string') return unreachable(form);
  await loadLayout(payload.layout);
  return data(settle(payload), { status: res.status });
}

// unreachable is the page on screen again, saying in its language that
// the server could not be reached: what was typed stays, and sending again
// posts the same form key, so a post that did arrive is not made twice.
function unreachable(form: URLSearchParams) {
  const page = currentPage();
  if (!page) throw new Error('a form was posted before any page was shown');
  const message = intlFor(page.lang, page.messages as Messages, () => {}).formatMessage({ id: 'error.unavailable' });
  return data(settle({ ...page, status: 503, action: { message, values: Object.fromEntries(form) } }), { status: 503 });
}

// STEP_PARAMS are the booker's steps in its query (hooks/useBookerUrl.ts):
// moving between them keeps the payload, which holds every step's data.
const STEP_PARAMS = new Set(['month', 'date', 'staff', 'time', 'guests', 'times', 'cart', 'for']);

// shouldRevalidatePage: a booker's step (same path, only its step
// parameters changed) keeps its payload; every other navigation and every
// post asks Go again. Decided by the URLs alone: history state is not
// part of a shared link or a reload.
export function shouldRevalidatePage({ currentUrl, nextUrl, formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs): boolean {
  if (formMethod || currentPage()?.layout !== 'calendar' || currentUrl.pathname !== nextUrl.pathname || currentUrl.search === nextUrl.search) return defaultShouldRevalidate;
  return !onlyStepsDiffer(currentUrl.searchParams, nextUrl.searchParams) && defaultShouldRevalidate;
}

export function onlyStepsDiffer(a: URLSearchParams, b: URLSearchParams): boolean {
  const rest = (q: URLSearchParams) =>
    [...q]
      .filter(([k]) => !STEP_PARAMS.has(k))
      .map(([k, v]) => `${k}=${v}`)
      .sort()
      .join('&');
  return rest(a) === rest(b);
}

const pathOf = (url: string) => {
  const u = new URL(url);
  return u.pathname + u.search;
};

// loadInFull: a new deploy (a chunk that is gone) or a failed fetch loads
// the target in full and lets the server answer, once per target within
// the reload guard, so a broken deploy cannot loop.
function loadInFull(target: string, err: unknown): Promise<never> {
  if (isChunkLoadError(err) && !shouldReloadAfterChunkError(target, window.sessionStorage, Date.now())) {
    console.error('Navigation failed again after a reload', err);
    throw err;
  }
  console.error('Navigation failed; loading the page in full', err);
  navigateTo(target);
  return new Promise<never>(() => {}); // the page is leaving
}
