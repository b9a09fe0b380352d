import type { DataRouter, PatchRoutesOnNavigationFunction } from 'react-router';
import { discoveredPage, fetchPage } from './data';
import type { Payload } from '../payload';
import { layoutRouteId, routePath } from './ids';
import { pageRoute } from './routes';

// discoverPages is the browser router's patchRoutesOnNavigation. The
// first time the router goes to a path (it matches only a catch-all), Go
// is asked for the page there, and the page's route joins the tree under
// its layout's route: react-router then loads the layout's chunk (its
// lazy module) beside the page's loader, which takes the payload already
// fetched. A redirect, a failure or a path no route can be written for
// patches nothing: the catch-all's loader deals with it.
export function discoverPages(router: () => DataRouter): PatchRoutesOnNavigationFunction {
  return async ({ path, patch, signal }) => {
    const target = targetOf(router(), path);
    const pending = fetchPage(target, signal);
    discoveredPage(target, pending);
    let payload: Payload;
    try {
      payload = await pending;
    } catch {
      return; // the loader meets the failure
    }
    if (payload.redirect || routePath(path) === null) return;
    patch(layoutRouteId(payload.layout), [pageRoute(path, payload.layout)]);
  };
}

// The router tells discovery the path alone; the page's data depends on
// its query too, which the navigation under way (or, revalidating, the
// location shown) holds.
function targetOf(router: DataRouter, path: string): string {
  const { location } = router.state.navigation.location ? router.state.navigation : router.state;
  return location && location.pathname === path ? location.pathname + location.search : path;
}
