import type { HydrationState, RouteObject } from 'react-router';
import type { LayoutSource } from '../layouts/types';
import type { Layout, Payload } from '../payload';
import { Page, PageError, Root } from './elements';
import { layoutRouteId, pageRouteId, routePath } from './ids';
import { pageAction, pageLoader, shouldRevalidatePage } from './page';
import { settle } from './settle';

// The client's route tree. Go matches every URL (backend/internal/route,
// ui/src/routes.json) and names the page and its layout in the payload, so
// the tree is the document's frame, a route per layout (its module: a lazy
// chunk in the browser), and under each the pages of that layout shown so
// far, one route per path. The router learns a path's page the first time
// it goes there (discover.ts); a path it cannot write as a route is a page
// route at '*' when it is the first page, or else the catch-all
// 'elsewhere', which loads it in full.
export function routeTree(first: { pathname: string; layout: Layout }, sources: Record<Layout, LayoutSource>): RouteObject[] {
  return [
    {
      id: 'root',
      Component: Root,
      ErrorBoundary: PageError,
      children: [
        // A route for each layout there is a source of (every one: the type says so).
        ...(Object.keys(sources) as Layout[]).map((layout) => layoutRoute(layout, sources[layout], layout === first.layout ? [pageRoute(first.pathname, layout)] : [])),
        { id: 'elsewhere', path: '*', loader: pageLoader(null), Component: Page, ErrorBoundary: PageError },
      ],
    },
  ];
}

// A layout route renders only its page (an Outlet): its module is its
// handle, which the page's element reads (elements.tsx).
function layoutRoute(layout: Layout, source: LayoutSource, children: RouteObject[]): RouteObject {
  const id = layoutRouteId(layout);
  if (typeof source !== 'function') return { id, handle: { layout: source }, children };
  return { id, lazy: async () => ({ handle: { layout: await source() } }), children };
}

// pageRoute is the route of one path, shown in its layout: its loader and
// action ask Go, its element renders the screen the payload names, its
// error element the error screens.
export function pageRoute(pathname: string, layout: Layout): RouteObject {
  return {
    id: pageRouteId(pathname),
    path: routePath(pathname) ?? '*',
    caseSensitive: true,
    loader: pageLoader(layout),
    action: pageAction(layout),
    shouldRevalidate: shouldRevalidatePage,
    Component: Page,
    ErrorBoundary: PageError,
  };
}

// firstPage is the tree a document starts with and the router's first
// state, from the payload the server rendered with (embedded in the
// document, never fetched again): the same ids on the server and in the
// browser, so the page hydrates.
export function firstPage(pathname: string, payload: Payload, sources: Record<Layout, LayoutSource>) {
  const routes = routeTree({ pathname, layout: payload.layout }, sources);
  return { routes, hydrationData: hydrationState(payload, pageRouteId(pathname)) };
}

function hydrationState(payload: Payload, id: string): HydrationState {
  if (payload.route !== 'error') return { loaderData: { [id]: settle(payload) } };
  // An error page is the route's error. The loader throws it as data() with
  // its status, which the router hands the error element as an error
  // response (isRouteErrorResponse); react-router makes those only of what
  // a loader throws, and has no public way to make one here, where nothing
  // is loaded. So the error element is handed the payload as it is, which
  // it reads too (elements.tsx's PageError), and renders the same page.
  return { errors: { [id]: payload } };
}
