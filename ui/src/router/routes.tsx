import { useEffect } from 'react';
import { isRouteErrorResponse, Outlet, UNSAFE_ErrorResponseImpl, ScrollRestoration, useActionData, useLoaderData, useLocation, useNavigation, useRouteError, type HydrationState, type RouteObject } from 'react-router';
import { loadedLayout } from '@registry';
import { App } from '../App';
import { notifyHost, stepOf } from '../lib/embed';
import type { Payload } from '../payload';
import { currentPage } from '../lib/pageData';
import { pageAction, pageLoader, settle, shouldRevalidatePage } from './page';
import { scrollKey } from './scroll';

// The client's route tree. Go matches every URL (backend/internal/route,
// ui/src/routes.json) and names the page and its layout in the payload, so
// the tree is the document's frame and one page route under it that takes
// any path: its loader and action ask Go, its element renders the layout
// and screen the payload names, its error element the error screens.
export const routes: RouteObject[] = [
  {
    id: 'root',
    Component: Root,
    children: [
      {
        id: 'page',
        path: '*',
        loader: pageLoader,
        action: pageAction,
        shouldRevalidate: shouldRevalidatePage,
        Component: Page,
        ErrorBoundary: PageError,
        // The first page hydrates from its payload: there is nothing to wait for.
        HydrateFallback: () => null,
      },
    ],
  },
];

// hydrationState is the router's first state, from the payload the server
// rendered with (embedded in the document, never fetched again).
export function hydrationState(payload: Payload): HydrationState {
  if (payload.route !== 'error') return { loaderData: { page: settle(payload) } };
  // What a loader's thrown data() becomes: the error element's route error.
  return { errors: { page: new UNSAFE_ErrorResponseImpl(payload.status, '', payload) } };
}

function Root() {
  return (
    <>
      <Outlet />
      <ScrollRestoration getKey={scrollKey} />
    </>
  );
}

// Page is one payload on screen: what the last post answered (a refusal,
// with its messages) or else what the loader loaded.
function Page() {
  const loaded = useLoaderData() as Payload;
  const posted = useActionData() as Payload | undefined;
  return <Shown payload={posted ?? loaded} />;
}

// PageError: what Go answered with an error (not found, an expired link,
// a failure), or a navigation that broke in the browser.
function PageError() {
  const err = useRouteError();
  if (isRouteErrorResponse(err) && err.data && typeof (err.data as Payload).route === 'string') return <Shown payload={err.data as Payload} />;
  console.error('Page failed', err);
  return <Shown payload={brokenPage()} />;
}

let toldHost = false;

function Shown({ payload }: { payload: Payload }) {
  const location = useLocation();
  const navigation = useNavigation();
  useDocument(payload);
  // A widget inside /embed.js tells its host page it is ready, then each
  // step the visitor moves to (once per document: the page's element and
  // its error element are two mounts of this).
  useEffect(() => {
    notifyHost(toldHost ? 'step' : 'ready', { route: payload.route, step: stepOf(payload.route, location.search) });
    toldHost = true;
  }, [payload, location.search]);
  const layout = loadedLayout(payload.layout);
  if (!layout) throw new Error(`layout ${payload.layout} is not loaded`); // the loader loads it first
  return <App payload={payload} layout={layout} navigating={navigation.state !== 'idle'} />;
}

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
  scrollToTop: true, consent: 'essential', head: { title: '', description: '', canonical: '', alternates: [] }, messages: {}, data: null,
};
