import type { Location } from 'react-router';
import { currentPage } from '../lib/pageData';

// scrollKey is <ScrollRestoration>'s key for a position: each history
// entry's own. So a route change (a new entry) starts at the top, Back and
// Forward return where the visitor was on that entry, and a hash goes to
// its anchor (the router looks for it before resetting); the booker's
// steps keep their place with preventScrollReset.
//
// A route that opts out of the reset (routes.json's keepScroll, told by
// Go as Payload.scrollToTop) keys its positions by its path instead, so a
// move within it finds the place it left. The router asks for the key of
// the page it leaves before the next page's data is in, and for the key
// of the page it lands on after: the page on screen (currentPage) is the
// right one both times.
export function scrollKey(location: Location): string {
  const page = currentPage();
  const here = page?.path.split('?')[0];
  return page && page.scrollToTop === false && here === location.pathname ? location.pathname : location.key;
}
