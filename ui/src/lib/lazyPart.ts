import { createElement, lazy, use, type ComponentType } from 'react';
import { usePage } from '../PageContext';
import { partMessages } from './partMessages';

// A part of a screen that is not on the first thing a visitor sees (the
// details form, the booking's own page, a menu): in the browser it is a
// chunk of its own, fetched when it is about to show, so the first screen
// carries only its own JavaScript; and its texts come with it (a page's
// payload carries them only when the server rendered the part: its
// `parts`). The server bundle imports every part eagerly instead (a
// module's *.server.ts twin, swapped in by webpack and the unit tests):
// renderToString cannot wait for a chunk.
export interface LazyPart<P> {
  Component: ComponentType<P>;
  /** Starts fetching the chunk (once), e.g. when the visitor shows intent. */
  preload: () => void;
}

// name names the part's texts (ui/build/message-ids.js finds them from its
// module): the chunk's webpackChunkName, or, for one of several parts
// sharing a chunk (the dashboard's screens), a name of its own.
export function lazyPart<M, P>(load: () => Promise<M>, pick: (m: M) => ComponentType<P>, name?: string): LazyPart<P> {
  let loading: Promise<{ default: ComponentType<P> }> | null = null;
  const fetchChunk = () => (loading ??= load().then((m) => ({ default: pick(m) })));
  const Lazy = lazy(fetchChunk) as unknown as ComponentType<P>;
  function WithTexts(props: P) {
    const page = usePage();
    if (name && !(page.parts ?? []).includes(name)) use(partMessages(name, page.lang));
    return createElement(Lazy as ComponentType<object>, props as object);
  }
  return {
    Component: name ? (WithTexts as ComponentType<P>) : Lazy,
    preload: () => {
      fetchChunk().catch(() => {
        loading = null; // a failed fetch (offline) is tried again when shown
      });
      // <html lang> is the frame's language on every page with parts (widgets
      // and forms: only a website page's content names another).
      if (name && typeof document !== 'undefined') void partMessages(name, document.documentElement.lang);
    },
  };
}

/** eagerPart is lazyPart's server twin: the component itself. */
export function eagerPart<P>(Component: ComponentType<P>): LazyPart<P> {
  return { Component, preload: () => {} };
}
