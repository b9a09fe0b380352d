import { Suspense } from 'react';
import { FormattedMessage, RawIntlProvider } from './lib/i18n';
import { CookieBanner } from './components/CookieBanner';
import { intlFor } from './lib/intl';
import type { LayoutModule } from './layouts/types';
import type { Payload } from './payload';
import { PageContext } from './PageContext';

interface Props {
  payload: Payload;
  layout: LayoutModule;
  navigating?: boolean;
}

// App renders one payload in its layout: the same tree on the server and in
// the browser, so hydration matches.
export function App({ payload, layout, navigating = false }: Props) {
  const Screen = layout.screens[payload.route];
  const { Layout } = layout;
  return (
    <RawIntlProvider value={intlFor(payload.lang, payload.messages, reportIntlError)}>
      <PageContext.Provider value={payload}>
        {/* A bar for the eye while the next page loads; assistive technology
            hears the next page itself (its title, the focus moved). */}
        {navigating && <div className="progress" aria-hidden="true" />}
        {/* Every layout's main is #main: the skip link comes first, and
            before any other link (the banner's policy), as a skip link does. */}
        <a className="visually-hidden" href="#main">
          <FormattedMessage id="a11y.skip" />
        </a>
        {/* Next in the tab order; it stands over the page's foot (and in a
            frame's flow), never above the page's first screen. */}
        <CookieBanner key={payload.consent} initial={payload.consent} privacy={payload.privacy} />
        {/* A screen may be a chunk still on its way (lib/lazyPart.ts): until it
            arrives, hydration keeps the server's HTML. */}
        <Layout payload={payload}>{Screen ? <Suspense><Screen /></Suspense> : null}</Layout>
      </PageContext.Provider>
    </RawIntlProvider>
  );
}

// Every catalogue is complete (a test checks), so a formatting error is a bug
// worth seeing, in V8's console and the browser's alike.
function reportIntlError(err: { code?: string; message: string }) {
  console.error(`[intl] ${err.code ?? ''} ${err.message}`);
}
