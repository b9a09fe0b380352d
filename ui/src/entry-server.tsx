// The server bundle, evaluated once per V8 isolate. V8 has no URL or
// URLSearchParams (the booker reads its steps from the query; links are
// checked with URL), so core-js brings them.
import 'core-js/actual/url';
import 'core-js/actual/url-search-params';
import './emails/register';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from './lib/router';
import { loadedLayout } from '@registry';
import { PageHost } from './PageHost';
import type { Payload } from './payload';

function renderPage(url: string, payloadJSON: string): string {
  const payload = JSON.parse(payloadJSON) as Payload;
  if (!loadedLayout(payload.layout)) throw new Error(`unknown layout ${payload.layout}`);
  return renderToString(
    <StaticRouter location={url}>
      <PageHost initial={payload} />
    </StaticRouter>,
  );
}

(globalThis as unknown as { renderPage: typeof renderPage }).renderPage = renderPage;
