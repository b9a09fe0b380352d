import { createBrowserRouter, type DataRouter, type PatchRoutesOnNavigationFunction } from 'react-router';
import { layoutSources } from '@layouts';
import type { Payload } from '../payload';
import { loadErrorLayout } from './elements';
import { firstPage } from './routes';

// pageRouter is the browser's router for a document, hydrating from the
// payload it carries. The first page's layout is loaded before the router
// starts: a lazy route it would have to resolve first would make it load
// the page again instead of hydrating.
export async function pageRouter(payload: Payload): Promise<DataRouter> {
  showLoadedAddress(payload);
  const source = layoutSources[payload.layout];
  const first = typeof source === 'function' ? await source() : source;
  const { routes, hydrationData } = firstPage(window.location.pathname, payload, { ...layoutSources, [payload.layout]: first });
  const router: DataRouter = createBrowserRouter(routes, { hydrationData, patchRoutesOnNavigation: async (args) => (await discovery())(() => router)(args) });
  return router;
}

// showLoadedAddress: Go loads and renders a page without the query
// parameters its route does not read (a campaign's utm_*, a cache buster:
// routes.json's query), so the address shows the page it is, and the
// router hydrates from the location the page was rendered for.
function showLoadedAddress(payload: Payload) {
  const { pathname, search, hash } = window.location;
  const loaded = new URL(payload.path, window.location.href);
  if (loaded.pathname === pathname && loaded.search !== search) window.history.replaceState(window.history.state, '', loaded.pathname + loaded.search + hash);
}

// Route discovery serves the navigations after the first screen, which
// does not need it: it shares the data functions' chunk (page.ts).
let discovering: Promise<(router: () => DataRouter) => PatchRoutesOnNavigationFunction> | null = null;

function discovery() {
  discovering ??= import(/* webpackChunkName: "router-data" */ './discover').then((m) => m.discoverPages);
  discovering.catch(() => (discovering = null)); // a chunk that failed is asked for again
  return discovering;
}

// prepareNavigation fetches that chunk and the error layout's once the
// browser is idle, so the first navigation or post does not wait for them.
export function prepareNavigation() {
  const later = () => {
    void discovery().catch(() => {});
    void loadErrorLayout();
  };
  if ('requestIdleCallback' in window) window.requestIdleCallback(later, { timeout: 5000 });
  else setTimeout(later, 2000);
}
