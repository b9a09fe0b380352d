import { lazy, type ComponentType } from 'react';

// A part of a screen that is not on the first thing a visitor sees (the
// details form, the booking's own page, a menu): in the browser it is a
// chunk of its own, fetched when it is about to show, so the first screen
// carries only its own JavaScript. The server bundle imports every part
// eagerly instead (a module's *.server.ts twin, swapped in by webpack and the
// unit tests): renderToString cannot wait for a chunk.
export interface LazyPart<P> {
  Component: ComponentType<P>;
  /** Starts fetching the chunk (once), e.g. when the visitor shows intent. */
  preload: () => void;
}

export function lazyPart<M, P>(load: () => Promise<M>, pick: (m: M) => ComponentType<P>): LazyPart<P> {
  let loading: Promise<{ default: ComponentType<P> }> | null = null;
  const fetch = () => (loading ??= load().then((m) => ({ default: pick(m) })));
  return {
    Component: lazy(fetch) as unknown as ComponentType<P>,
    preload: () => {
      fetch().catch(() => {
        loading = null; // a failed fetch (offline) is tried again when shown
      });
    },
  };
}

/** eagerPart is lazyPart's server twin: the component itself. */
export function eagerPart<P>(Component: ComponentType<P>): LazyPart<P> {
  return { Component, preload: () => {} };
}
