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

/**
 * useTextLang is the lang attribute of the business's own text on this
 * page: its language (the page's content's, or lang when given) where the
 * frame around it is in another, else none. <html lang> names the main
 * content's language and #root the frame's (pages/document.go), so each
 * text of the business says its own (WCAG 3.1.2).
 */
export function useTextLang(lang?: string): string | undefined {
  const page = useContext(PageContext);
  const l = lang || page?.contentLang;
  return l && page && l !== page.lang ? l : undefined;
}

export function usePage<D = unknown>(): Payload<D> {
  const payload = useContext(PageContext);
  if (!payload) throw new Error('usePage outside App');
  return payload as Payload<D>;
}
