import { useEffect } from 'react';
import { Cart, Checkout, Order } from '../features/shop/lazyParts';
import { HomePage } from '../features/sites/HomePage';
import { NotFoundScreen } from '../features/sites/NotFoundScreen';
import type { SiteData } from '../features/sites/types';
import { SiteFooter } from '../features/sites/SiteFooter';
import { SiteHeader } from '../features/sites/SiteHeader';
import { WebsitePage } from '../features/sites/WebsitePage';
import styles from './Page.module.css';
import type { LayoutModule, LayoutProps } from './types';

function PageLayout({ payload, children }: LayoutProps) {
  // Where the business's text is in another language than the frame,
  // <html lang> names the text's and #root the frame's, as the server
  // wrote them (pages/document.go). The router sets <html lang> to the
  // frame's in an effect of its own, a parent's, which runs after this
  // one: the text's language is set after it, in a microtask. (Kept out
  // of the router, every widget's first script, which has no such text.)
  useEffect(() => {
    const { contentLang, lang } = payload;
    if (!contentLang) return;
    const root = document.getElementById('root');
    root?.setAttribute('lang', lang);
    queueMicrotask(() => {
      document.documentElement.lang = contentLang;
    });
    return () => root?.removeAttribute('lang');
  }, [payload]);
  return (
    <>
      <SiteHeader site={payload.data as SiteData | null} />
      <main className={styles.main} id="main">
        {children}
      </main>
      <SiteFooter business={(payload.data as SiteData | null)?.business} />
    </>
  );
}

const page: LayoutModule = {
  Layout: PageLayout,
  // error: an address of the website that leads nowhere, in its frame.
  // The shop's own pages are a chunk of their own (features/shop).
  screens: {
    index: HomePage,
    website: WebsitePage,
    preview: WebsitePage,
    error: NotFoundScreen,
    cart: Cart.Component,
    checkout: Checkout.Component,
    order: Order.Component,
  },
};
export default page;
