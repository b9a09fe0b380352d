import type { ActionFunctionArgs, LoaderFunctionArgs, ShouldRevalidateFunctionArgs } from 'react-router';
import type { Layout } from '../payload';
import { currentPage } from '../lib/pageData';

// A page route's loader and action. Their code (data.ts) is a chunk of its
// own: the first screen hydrates from the payload its document carries and
// loads nothing, so the chunk is fetched when the browser is idle
// (browser.ts), or by the first navigation or post that needs it sooner.
let loading: Promise<typeof import('./data')> | null = null;

export function routerData() {
  loading ??= import(/* webpackChunkName: "router-data" */ './data');
  loading.catch(() => (loading = null)); // a chunk that failed is asked for again
  return loading;
}

export const pageLoader = (layout: Layout | null) => async (args: LoaderFunctionArgs) => (await routerData()).loadPage(layout, args);

export const pageAction = (layout: Layout) => async (args: ActionFunctionArgs) => (await routerData()).postForm(layout, args);

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

