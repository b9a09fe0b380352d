import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useLocation, useNavigate, useNavigationType } from './lib/router';
import { App } from './App';
import { loadLayout, loadedLayout } from '@registry';
import { notifyHost, stepOf } from './lib/embed';
import { isChunkLoadError, navigateTo, shouldReloadAfterChunkError } from './lib/navigation';
import { fetchPage } from './lib/pageData';
import type { Payload } from './payload';

const useIsoLayoutEffect = typeof window === 'undefined' ? useEffect : useLayoutEffect;

// PageHost follows the router's location: when it moves, it fetches the new
// route's payload from the server (the same Go loader that rendered the first
// page) and its layout chunk, then swaps the page and scrolls.
export function PageHost({ initial }: { initial: Payload }) {
  const location = useLocation();
  const navType = useNavigationType();
  const navigate = useNavigate();
  const [payload, setPayload] = useState(initial);
  const [navigating, setNavigating] = useState(false);
  const scrollPending = useRef(false);
  const target = location.pathname + location.search;

  useEffect(() => {
    if (target === payload.path) return;
    // A step of the same page (the booker's date, time…) keeps its payload.
    if (isShallow(location.state) && location.pathname === payload.path.split('?')[0]) return;
    let stale = false;
    setNavigating(true);
    (async () => {
      try {
        const next = await fetchPage(target);
        if (next.redirect) {
          // Another form of a page's URL: go to its canonical one instead.
          if (!stale) navigate(next.redirect, { replace: true });
          return;
        }
        await loadLayout(next.layout);
        if (stale) return;
        scrollPending.current = true;
        setPayload(next);
      } catch (err) {
        if (stale) return;
        if (isChunkLoadError(err) && !shouldReloadAfterChunkError(target, window.sessionStorage, Date.now())) {
          console.error('Navigation failed again after a reload', err);
          return;
        }
        // A new deploy (a missing chunk) or a failed fetch: load the target in
        // full and let the server answer; logged, never shown as a crash.
        console.error('Navigation failed; loading the page in full', err);
        navigateTo(target);
      } finally {
        if (!stale) setNavigating(false);
      }
    })();
    return () => {
      stale = true;
    };
  }, [target]); // eslint-disable-line react-hooks/exhaustive-deps

  useEffect(() => {
    document.title = payload.head.title;
    document.documentElement.lang = payload.lang;
    document.body.dataset.layout = payload.layout;
    if (payload.head.brand) document.documentElement.style.setProperty('--brand', payload.head.brand);
    else document.documentElement.style.removeProperty('--brand');
  }, [payload]);

  useIsoLayoutEffect(() => {
    if (!scrollPending.current) return;
    scrollPending.current = false;
    scrollAfterNavigation(location.hash, payload.scrollToTop && navType !== 'POP');
  }, [payload]);

  // A hash change within the same page scrolls to its anchor.
  useEffect(() => {
    if (location.hash && target === payload.path) scrollAfterNavigation(location.hash, false);
  }, [location.hash]); // eslint-disable-line react-hooks/exhaustive-deps

  // A widget inside /embed.js tells its host page it is ready, then each
  // step the visitor moves to.
  const shown = useRef(false);
  useEffect(() => {
    const settled = target === payload.path || (isShallow(location.state) && location.pathname === payload.path.split('?')[0]);
    if (!settled) return; // the next page is on its way
    notifyHost(shown.current ? 'step' : 'ready', { route: payload.route, step: stepOf(payload.route, location.search) });
    shown.current = true;
  }, [payload, location.search]); // eslint-disable-line react-hooks/exhaustive-deps

  const layout = loadedLayout(payload.layout);
  if (!layout) return null; // unreachable: the layout is loaded before the payload is set
  return <App payload={payload} layout={layout} navigating={navigating} />;
}

function isShallow(state: unknown): boolean {
  return typeof state === 'object' && state !== null && (state as { shallow?: unknown }).shallow === true;
}

export function scrollAfterNavigation(hash: string, toTop: boolean) {
  if (hash.length > 1) {
    const id = decodeURIComponent(hash.slice(1));
    const el = document.getElementById(id) ?? document.getElementsByName(id)[0];
    if (el) {
      el.scrollIntoView();
      return;
    }
  }
  if (toTop) window.scrollTo(0, 0);
}
