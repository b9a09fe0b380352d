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
//
// A page's messages come apart from its payload, under a key that names
// them (ssr.Pool.RenderWith): every page of a layout in a language renders
// with the same ones, two thirds of a booking page's JSON, so the isolate
// parses them once, on the first render that brings them, and keeps them.
// They are no request's: what a render reads of them, every render reads.
async function renderPage(url: string, payloadJSON: string, messagesKey?: string, messagesJSON?: string): Promise<string> {
  const payload = JSON.parse(payloadJSON) as Payload;
  if (messagesKey !== undefined) payload.messages = keptMessages(messagesKey, messagesJSON);
  return renderToString(await staticPage(url, payload));
}

const messageSets = new Map<string, Payload['messages']>();

function keptMessages(key: string, json: string | undefined): Payload['messages'] {
  if (json) messageSets.set(key, Object.freeze(JSON.parse(json) as Payload['messages']));
  const messages = messageSets.get(key);
  if (!messages) throw new Error(`renderPage: no messages kept under ${key}`);
  return messages;
}

(globalThis as unknown as { renderPage: typeof renderPage }).renderPage = renderPage;
