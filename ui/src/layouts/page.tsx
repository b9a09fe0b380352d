import { FormattedMessage } from '../lib/i18n';
import { NavLink, Link } from 'react-router';
import { LanguageSwitcher } from '../components/LanguageSwitcher';
import { HomePage } from '../features/sites/HomePage';
import type { SiteData } from '../features/sites/types';
import { WebsitePage } from '../features/sites/WebsitePage';
import { href } from '../routes';
import styles from './Page.module.css';
import type { LayoutModule, LayoutProps } from './types';

function PageLayout({ payload, children }: LayoutProps) {
  const site = payload.data as SiteData | null;
  const links = (site?.nav ?? []).map((p) => (
    <NavLink key={p.id} end to={href('website', payload.locale, { path: p.path }, { kind: 'page' })}>
      {p.title}
    </NavLink>
  ));
  // One row on a phone: the business, Book, and a menu (a disclosure, so it
  // opens without JavaScript) holding the pages and the language; on a
  // wider screen the pages and the language stand in the row.
  return (
    <>
      <a className="visually-hidden" href="#main">
        <FormattedMessage id="a11y.skip" />
      </a>
      <header className={styles.header}>
        <div className={styles.headerInner}>
          <Link className={styles.brand} to={href('index', payload.locale)}>
            <FormattedMessage id="site.name" />
          </Link>
          <nav className={styles.nav}>{links}</nav>
          <span className={styles.lang}>
            <LanguageSwitcher />
          </span>
          {site?.book && (
            <Link className={styles.book} to={site.book}>
              <FormattedMessage id="site.book" />
            </Link>
          )}
          <details className={styles.more}>
            <summary>
              <FormattedMessage id="site.menu" />
            </summary>
            <div className={styles.panel}>
              <nav>{links}</nav>
              <LanguageSwitcher />
            </div>
          </details>
        </div>
      </header>
      <main className={styles.main} id="main">
        {children}
      </main>
      <footer className={styles.footer}>
        <div className={styles.footerInner}>
          <FormattedMessage id="site.footer" />
        </div>
      </footer>
    </>
  );
}

const page: LayoutModule = {
  Layout: PageLayout,
  screens: { index: HomePage, website: WebsitePage, preview: WebsitePage },
};
export default page;
