import type { Location } from 'react-router';

// scrollKey is <ScrollRestoration>'s key for a position: each history
// entry's own. So a route change (a new entry) starts at the top, Back and
// Forward return where the visitor was on that entry, and a hash goes to
// its anchor (the router looks for it before resetting); the booker's
// steps keep their place with preventScrollReset. The key is read before
// the next page's data is in (the router's own order), so it cannot depend
// on that page: routes.json's keepScroll, which no route sets, is Go's to
// tell the page (Payload.scrollToTop), not the router's.
export const scrollKey = (location: Location): string => location.key;
