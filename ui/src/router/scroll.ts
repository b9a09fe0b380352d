import type { Location, UIMatch } from 'react-router';
import type { Payload } from '../payload';

// scrollKey is <ScrollRestoration>'s key for a position, chosen for the
// spec's rule: a route change starts at the top (a new history entry is a
// new key, so nothing is restored), Back and Forward return where the
// visitor was (the entry's own key), and a hash goes to its anchor (the
// router does that before resetting). A route that opts out of the reset
// (routes.json's keepScroll) keeps one key for its path, so moving within
// it finds the position it left.
export function scrollKey(location: Location, matches: UIMatch[]): string {
  const payload = matches[matches.length - 1]?.loaderData as Payload | undefined;
  return payload && payload.scrollToTop === false ? location.pathname : location.key;
}
