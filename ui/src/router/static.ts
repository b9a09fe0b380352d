import { matchRoutes, parsePath, type RouteObject, type StaticHandlerContext } from 'react-router';
import type { Payload } from '../payload';
import { hydrationState } from './routes';

// staticContext is what react-router's static handler would have made for
// this URL had it run the loader, built from the payload Go's loader
// already made: in V8 nothing is loaded and nothing is fetched.
export function staticContext(routes: RouteObject[], url: string, payload: Payload): StaticHandlerContext {
  const { pathname = '/', search = '', hash = '' } = parsePath(url);
  const location = { pathname, search, hash, state: null, key: 'default', mask: undefined };
  const match = (to: Parameters<StaticHandlerContext['_match']>[0]) => matchRoutes(routes, to) as ReturnType<StaticHandlerContext['_match']>;
  const matches = match(location) ?? [];
  const { loaderData = {}, errors = null } = hydrationState(payload);
  return {
    basename: '/',
    location,
    matches,
    loaderData,
    actionData: null,
    errors,
    statusCode: payload.status,
    loaderHeaders: {},
    actionHeaders: {},
    _match: match,
  };
}
