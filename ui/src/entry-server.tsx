// The server bundle, evaluated once per V8 isolate. V8 has no URL or
// URLSearchParams (the booker reads its steps from the query; links are
// checked with URL; the router parses locations with them), so core-js
// brings them.
import 'core-js/actual/url';
import 'core-js/actual/url-search-params';
import './emails/register';
import { renderToString } from 'react-dom/server';
import { createStaticRouter, StaticRouterProvider } from 'react-router';
import { loadedLayout } from '@registry';
import { staticContext } from './router/static';
import { routes } from './router/routes';
import type { Payload } from './payload';

// renderPage renders the page Go loaded: a static router over the payload,
// with no loader run and nothing fetched. The router writes no script of
// its own (the Content-Security-Policy allows none inline): the browser
// hydrates from the payload the document already carries.
function renderPage(url: string, payloadJSON: string): string {
  const payload = JSON.parse(payloadJSON) as Payload;
  if (!loadedLayout(payload.layout)) throw new Error(`unknown layout ${payload.layout}`);
  const context = staticContext(routes, url, payload);
  return renderToString(<StaticRouterProvider router={createStaticRouter(routes, context)} context={context} hydrate={false} />);
}

(globalThis as unknown as { renderPage: typeof renderPage }).renderPage = renderPage;
