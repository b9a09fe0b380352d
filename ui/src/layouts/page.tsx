import { HomePage } from '../features/sites/HomePage';
import { NotFoundScreen } from '../features/sites/NotFoundScreen';
import type { SiteData } from '../features/sites/types';
import { SiteFooter } from '../features/sites/SiteFooter';
import { SiteHeader } from '../features/sites/SiteHeader';
import { WebsitePage } from '../features/sites/WebsitePage';
import styles from './Page.module.css';
import type { LayoutModule, LayoutProps } from './types';

function PageLayout({ payload, children }: LayoutProps) {
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
  screens: { index: HomePage, website: WebsitePage, preview: WebsitePage, error: NotFoundScreen },
};
export default page;
