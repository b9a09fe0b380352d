// The few routing pieces the app uses: a location from the browser's history
// (or a fixed one on the server, or a list in tests), links that move
// within the site without a reload, and navigate. Pages are matched on the
// server (the route table), so nothing here matches routes; a general
// router would be most of the entry's weight for what fits on this page.
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type AnchorHTMLAttributes, type MouseEvent, type ReactNode } from 'react';

export interface Location {
  pathname: string;
  search: string; // "" or "?…"
  hash: string; // "" or "#…"
  state: unknown; // what the navigation that made this entry carried
  key: string;
}

export type NavigationType = 'POP' | 'PUSH' | 'REPLACE';

export interface NavigateOptions {
  replace?: boolean;
  state?: unknown;
  preventScrollReset?: boolean; // kept for callers' clarity; this router never scrolls
}

export type Navigate = (to: string | number, opts?: NavigateOptions) => void;

interface Router {
  location: Location;
  navigationType: NavigationType;
  navigate: Navigate;
}

const RouterContext = createContext<Router | null>(null);

// parseLocation splits a site-relative URL into its parts.
export function parseLocation(url: string, state: unknown = null, key = 'default'): Location {
  const hashAt = url.indexOf('#');
  const hash = hashAt >= 0 ? url.slice(hashAt) : '';
  const rest = hashAt >= 0 ? url.slice(0, hashAt) : url;
  const q = rest.indexOf('?');
  return { pathname: (q >= 0 ? rest.slice(0, q) : rest) || '/', search: q >= 0 ? rest.slice(q) : '', hash, state, key };
}

// resolveTo makes a link's target site-relative: "?x" and "#y" stay on the page.
export function resolveTo(to: string, from: Location): string {
  if (to.startsWith('?')) return from.pathname + to;
  if (to.startsWith('#')) return from.pathname + from.search + to;
  return to;
}

const newKey = () => Math.random().toString(36).slice(2, 10);

interface HistoryEntry {
  usr: unknown;
  key: string;
}

function readBrowser(): Location {
  const entry = (window.history.state ?? null) as HistoryEntry | null;
  return parseLocation(window.location.pathname + window.location.search + window.location.hash, entry?.usr ?? null, entry?.key ?? 'default');
}

// BrowserRouter follows the browser's history: pushState and replaceState
// for the app's own navigations, popstate for Back and Forward.
export function BrowserRouter({ children }: { children: ReactNode }) {
  const [state, setState] = useState<{ location: Location; type: NavigationType }>(() => ({ location: readBrowser(), type: 'POP' }));
  useEffect(() => {
    const onPop = () => setState({ location: readBrowser(), type: 'POP' });
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, []);
  const navigate = useCallback<Navigate>((to, opts = {}) => {
    if (typeof to === 'number') {
      window.history.go(to);
      return;
    }
    const url = resolveTo(to, readBrowser());
    const key = newKey();
    const entry: HistoryEntry = { usr: opts.state ?? null, key };
    if (opts.replace) window.history.replaceState(entry, '', url);
    else window.history.pushState(entry, '', url);
    setState({ location: parseLocation(url, entry.usr, key), type: opts.replace ? 'REPLACE' : 'PUSH' });
  }, []);
  const value = useMemo(() => ({ location: state.location, navigationType: state.type, navigate }), [state, navigate]);
  return <RouterContext.Provider value={value}>{children}</RouterContext.Provider>;
}

// StaticRouter is one fixed location: the server's render.
export function StaticRouter({ location, children }: { location: string; children: ReactNode }) {
  const value = useMemo<Router>(
    () => ({
      location: parseLocation(location),
      navigationType: 'POP',
      navigate: () => {
        throw new Error('navigate during a server render');
      },
    }),
    [location],
  );
  return <RouterContext.Provider value={value}>{children}</RouterContext.Provider>;
}

// MemoryRouter keeps its history in memory: tests.
export function MemoryRouter({ initialEntries = ['/'], children }: { initialEntries?: string[]; children: ReactNode }) {
  const [state, setState] = useState(() => ({ entries: initialEntries.map((e) => parseLocation(e)), index: initialEntries.length - 1, type: 'POP' as NavigationType }));
  const current = useRef(state);
  current.current = state;
  const navigate = useCallback<Navigate>((to, opts = {}) => {
    const s = current.current;
    if (typeof to === 'number') {
      const index = Math.min(Math.max(s.index + to, 0), s.entries.length - 1);
      setState({ ...s, index, type: 'POP' });
      return;
    }
    const next = parseLocation(resolveTo(to, s.entries[s.index]), opts.state ?? null, newKey());
    const entries = opts.replace ? [...s.entries.slice(0, s.index), next] : [...s.entries.slice(0, s.index + 1), next];
    setState({ entries, index: entries.length - 1, type: opts.replace ? 'REPLACE' : 'PUSH' });
  }, []);
  const value = useMemo(() => ({ location: state.entries[state.index], navigationType: state.type, navigate }), [state, navigate]);
  return <RouterContext.Provider value={value}>{children}</RouterContext.Provider>;
}

function useRouter(): Router {
  const r = useContext(RouterContext);
  if (!r) throw new Error('outside a router');
  return r;
}

export const useLocation = (): Location => useRouter().location;
export const useNavigate = (): Navigate => useRouter().navigate;
export const useNavigationType = (): NavigationType => useRouter().navigationType;

interface LinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  to: string;
  replace?: boolean;
  state?: unknown;
}

// Link is an anchor that, on a plain left click, moves within the site
// without reloading; any other click (a new tab, a modifier) is the
// browser's, and without JavaScript it is an ordinary link.
export function Link({ to, replace, state, onClick, target, ...rest }: LinkProps) {
  const router = useRouter();
  const href = resolveTo(to, router.location);
  const click = (e: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(e);
    if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.altKey || e.ctrlKey || e.shiftKey || (target && target !== '_self')) return;
    if (!href.startsWith('/') || href.startsWith('//')) return; // another site: the browser's to follow
    e.preventDefault();
    router.navigate(href, { replace, state });
  };
  return <a {...rest} href={href} target={target} onClick={click} />;
}

// NavLink is a Link that says when it is the current page.
export function NavLink(props: LinkProps) {
  const { pathname } = useLocation();
  const current = parseLocation(props.to).pathname === pathname;
  return <Link {...props} aria-current={current ? 'page' : undefined} />;
}
