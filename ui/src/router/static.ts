import { createElement } from 'react';
import { createStaticRouter, matchRoutes, parsePath, StaticRouterProvider, type StaticHandlerContext } from 'react-router';
import { layoutSources } from '@layouts';
import type { Payload } from '../payload';
import { firstPage } from './routes';

// StaticPage is the page Go loaded, as react-router's static handler would
// have rendered it had it run the loader: its context is built from the
// payload Go's loader already made, so in V8 nothing is loaded and nothing
// is fetched. The router writes no script of its own (the
// Content-Security-Policy allows none inline): the browser hydrates from
// the payload the document already carries.
export function StaticPage({ url, payload }: { url: string; payload: Payload }) {
  const { pathname = '/', search = '', hash = '' } = parsePath(url);
  const { routes, hydrationData } = firstPage(pathname, payload, layoutSources);
  const location = { pathname, search, hash, state: null, key: 'default', mask: undefined };
  const match = (to: Parameters<StaticHandlerContext['_match']>[0]) => matchRoutes(routes, to) as ReturnType<StaticHandlerContext['_match']>;
  const context: StaticHandlerContext = {
    basename: '/',
    location,
    matches: match(location) ?? [],
    loaderData: hydrationData.loaderData ?? {},
    actionData: null,
    errors: hydrationData.errors ?? null,
    statusCode: payload.status,
    loaderHeaders: {},
    actionHeaders: {},
    _match: match,
  };
  return createElement(StaticRouterProvider, { router: createStaticRouter(routes, context), context, hydrate: false });
}
