// The server bundle, evaluated once per V8 isolate. V8 has no URL or
// URLSearchParams (the booker reads its steps from the query; links are
// checked with URL; the router parses locations with them), so core-js
// brings them, behind a URL that answers plain paths without parsing them
// (lib/serverURL.ts).
import 'core-js/actual/url';
import 'core-js/actual/url-search-params';
import { serverURL } from './lib/serverURL';
import './emails/register';
import { renderToString } from 'react-dom/server';
import { staticPage } from './router/static';
import type { Payload } from './payload';

globalThis.URL = serverURL(globalThis.URL);

// renderPage renders the page Go loaded (router/static.ts). It answers a
// promise, as react-router's static handler does: nothing it awaits waits
// for a timer or I/O, so it settles in the microtasks Go runs after the
// call (ssr.Pool.Render).
async function renderPage(url: string, payloadJSON: string): Promise<string> {
  const payload = JSON.parse(payloadJSON) as Payload;
  return renderToString(await staticPage(url, payload));
}

(globalThis as unknown as { renderPage: typeof renderPage }).renderPage = renderPage;
