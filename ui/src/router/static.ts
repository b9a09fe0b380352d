import { createElement, type ReactElement } from 'react';
import {
  createContext,
  createStaticHandler,
  createStaticRouter,
  data,
  parsePath,
  RouterContextProvider,
  StaticRouterProvider,
  type LoaderFunctionArgs,
  type RouteObject,
  type StaticHandler,
  type StaticHandlerContext,
} from 'react-router';
import { layoutSources } from '@layouts';
import type { Layout, Payload } from '../payload';
import { documentRequest } from './documentRequest';
import { pageRouteId } from './ids';
import { routeTree } from './routes';
import { settle } from './settle';

// staticPage is the page Go loaded, rendered as react-router's server
// rendering does it: a static handler's query() runs the loaders of the
// browser's route tree, and a static router renders its context. The page
// route's loader hands over the payload Go's loader already made, so in V8
// nothing is loaded and nothing is fetched. The router writes no script of
// its own (the Content-Security-Policy allows none inline): the browser
// hydrates from the payload the document already carries (routes.tsx's
// firstPage: the same tree and the same data).
export async function staticPage(url: string, payload: Payload): Promise<ReactElement> {
  const { dataRoutes, context } = await staticContext(url, payload);
  return createElement(StaticRouterProvider, { router: createStaticRouter(dataRoutes, context), context, hydrate: false });
}

// staticContext is the static handler's context for the page. The handler
// locates the page at the path Go rendered it for, as Go wrote it: query()
// would otherwise parse the request's url for it, and V8's only URL parser
// is core-js's, a slow one (lib/serverURL.ts).
export async function staticContext(url: string, payload: Payload) {
  const { pathname = '/', search = '', hash = '' } = parsePath(url);
  const { dataRoutes, query } = handlerFor(pathname, payload.layout);
  const context = await query(documentRequest(url), {
    normalizePath: () => ({ pathname, search, hash }),
    requestContext: loadedContext(payload),
  });
  if (!isContext(context)) throw new Error(`${url}: a loader answered a redirect, which Go answers before it renders`);
  return { dataRoutes, context };
}

// loaded is the payload Go's loader made, handed to the page's loader in
// the context of the handler's query.
const loaded = createContext<Payload>();

export const loadedContext = (payload: Payload) => new RouterContextProvider(new Map([[loaded, payload]]));

// serverRoutes is the tree the browser starts with (routes.tsx), its page's
// loader answering with the payload: the page's data, or its error thrown
// to the route's error element (settle.ts), with Go's status either way.
export function serverRoutes(pathname: string, layout: Layout): RouteObject[] {
  const id = pageRouteId(pathname);
  const loader = ({ context }: LoaderFunctionArgs) => {
    const payload = context.get(loaded);
    return data(settle(payload), { status: payload.status });
  };
  const withLoader = (route: RouteObject): RouteObject =>
    route.id === id ? { ...route, loader } : route.children ? { ...route, children: route.children.map(withLoader) } : route;
  return routeTree({ pathname, layout }, layoutSources).map(withLoader);
}

// A path's handler is made once an isolate: making one converts and ranks
// the tree's routes, a third of the router's part in a booking page's
// render. The handlers of the paths rendered last are kept.
const MAX_HANDLERS = 200;
const handlers = new Map<string, StaticHandler>();

function handlerFor(pathname: string, layout: Layout): StaticHandler {
  const key = `${layout} ${pathname}`;
  let handler = handlers.get(key);
  if (handler) {
    handlers.delete(key);
  } else {
    handler = createStaticHandler(serverRoutes(pathname, layout));
    if (handlers.size >= MAX_HANDLERS) handlers.delete(handlers.keys().next().value!);
  }
  handlers.set(key, handler);
  return handler;
}

// V8 has no Response to test with instanceof: a context has its matches.
const isContext = (v: StaticHandlerContext | Response): v is StaticHandlerContext => 'matches' in v;
