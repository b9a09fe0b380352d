import { createContext, useContext } from 'react';
import type { Payload } from './payload';

// PageContext holds the payload on screen, which the route's element
// chooses once (router/elements.tsx): what the last post answered
// (useActionData) or else what the loader loaded (useLoaderData), Go's
// error page (useRouteError), or an error screen the browser made itself.
// No hook of react-router's says which of them is shown: the screens and
// parts read that choice through usePage() rather than repeat it, in the
// entry's bytes and in every render, in each of them. Where the router's
// own hooks do the job (the navigation under way, the location, the
// matched routes), the code calls them.
export const PageContext = createContext<Payload | null>(null);

export function usePage<D = unknown>(): Payload<D> {
  const payload = useContext(PageContext);
  if (!payload) throw new Error('usePage outside App');
  return payload as Payload<D>;
}
