import { use, useEffect, useState } from 'react';
import { isRouteErrorResponse, Outlet, ScrollRestoration, useActionData, useLoaderData, useLocation, useMatches, useNavigation, useRouteError } from 'react-router';
import { App } from '../App';
import { layoutSources } from '@layouts';
import type { LayoutModule } from '../layouts/types';
import { notifyHost, stepOf } from '../lib/embed';
import { isChunkLoadError } from '../lib/navigation';
import { currentPage } from '../lib/pageData';
import { FormattedMessage } from '../lib/i18n';
import { usePage } from '../PageContext';
import type { Layout, Payload } from '../payload';
import { layoutRouteId } from './ids';
import { reloadInFull } from '../lib/navigation';
import { scrollKey } from './scroll';

// The route tree's elements (routes.tsx).

export function Root() {
  return (
    <>
      <Outlet />
      <ScrollRestoration getKey={scrollKey} />
    </>
  );
}

// Page is one payload on screen: what the last post answered (a refusal,
// with its messages) or else what the loader loaded.
export function Page() {
  const loaded = useLoaderData() as Payload;
  const posted = useActionData() as Payload | undefined;
  return <Shown payload={posted ?? loaded} />;
}

// PageError: what Go answered with an error (not found, an expired link,
// a failure), as the error response the router made of what the loader
// threw, or as the payload itself on the first screen (routes.tsx's
// hydrationState); or else a navigation that broke in the browser.
export function PageError() {
  const err = useRouteError();
  const page = (isRouteErrorResponse(err) ? err.data : err) as Payload | null | undefined;
  if (typeof page?.route === 'string') return <Shown payload={page} />;
  return <Broken err={err} />;
}

// Broken: a layout's chunk that is gone (a new deploy) loads the page in
// full, once within the reload guard; anything else is the error screen.
function Broken({ err }: { err: unknown }) {
  const { pathname, search } = useLocation();
  const [gaveUp, setGaveUp] = useState(!isChunkLoadError(err));
  useEffect(() => {
    if (gaveUp) console.error('Page failed', err);
    else if (!reloadInFull(pathname + search, err)) setGaveUp(true);
  }, [gaveUp, err, pathname, search]);
  return gaveUp ? <Shown payload={brokenPage()} /> : null;
}

let toldHost = false;

function Shown({ payload }: { payload: Payload }) {
  const location = useLocation();
  const navigation = useNavigation();
  const layout = useLayoutModule(payload.layout);
  useDocument(payload);
  // A widget inside /embed.js tells its host page it is ready, then each
  // step the visitor moves to (once per document: the page's element and
  // its error element are two mounts of this).
  useEffect(() => {
    notifyHost(toldHost ? 'step' : 'ready', { route: payload.route, step: stepOf(payload.route, location.search) });
    toldHost = true;
  }, [payload, location.search]);
  return <App payload={payload} layout={layout} navigating={navigation.state !== 'idle'} />;
}

// useLayoutModule is the layout's module from its route's handle (loaded
// by the router with the route). An error shows over a page of any
// layout, outside the error layout's route: its module comes on its own.
function useLayoutModule(layout: Layout): LayoutModule {
  const matches = useMatches();
  const handle = matches.find((m) => m.id === layoutRouteId(layout))?.handle as { layout?: LayoutModule } | undefined;
  if (handle?.layout) return handle.layout;
  if (layout === 'error') {
    const source = layoutSources.error; // the server's is the module itself
    return typeof source === 'function' ? (errorModule ?? use(loadErrorLayout())) : source;
  }
  // A page's loader keeps to its own layout (page.ts), so this is a bug.
  throw new Error(`a ${layout} page outside its layout's route`);
}

let errorModule: LayoutModule | undefined;
let errorLoading: Promise<LayoutModule> | undefined;

// loadErrorLayout fetches the error layout once; offline, the bare screen.
export function loadErrorLayout(): Promise<LayoutModule> {
  const source = layoutSources.error;
  errorLoading ??= (typeof source === 'function' ? source() : Promise.resolve(source)).catch(() => bareError).then((m) => (errorModule = m));
  return errorLoading;
}

// bareError is the error screen when even the error layout cannot load:
// the status and the way home.
const bareError: LayoutModule = {
  Layout: ({ children }) => children,
  screens: {
    error: function BareError() {
      const page = usePage();
      return (
        <main id="main">
          <h1>{page.status}</h1>
          <a href="/">
            <FormattedMessage id="error.home" />
          </a>
        </main>
      );
    },
  },
};

// useDocument keeps what lies outside the root in step with the page.
function useDocument(payload: Payload) {
  useEffect(() => {
    document.title = payload.head.title;
    document.documentElement.lang = payload.lang;
    document.body.dataset.layout = payload.layout;
    if (payload.head.brand) document.documentElement.style.setProperty('--brand', payload.head.brand);
    else document.documentElement.style.removeProperty('--brand');
  }, [payload]);
}

// brokenPage is the error screen for a failure in the browser itself, in
// the language of the page the visitor was on.
function brokenPage(): Payload {
  const last = currentPage() ?? EMPTY;
  return { ...last, route: 'error', layout: 'error', status: 500, statusMessage: undefined, data: null, action: undefined };
}

const EMPTY: Payload = {
  route: 'error', layout: 'error', params: {}, path: '/', basePath: '/', locale: 'en-US', lang: 'en', status: 500,
  scrollToTop: true, consent: 'essential', siteName: '', head: { title: '', description: '', canonical: '', alternates: [] }, messages: {}, data: null,
};
