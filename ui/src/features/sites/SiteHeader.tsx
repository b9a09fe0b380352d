import { useEffect, useRef } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { LanguageSwitcher } from '../../components/LanguageSwitcher';
import { FormattedMessage } from '../../lib/i18n';
import { usePage } from '../../PageContext';
import { href } from '../../routes';
import styles from './SiteHeader.module.css';
import type { SiteData } from './types';

// SiteHeader is the website's frame at the top of its pages and of its
// error pages. One row on a phone: the business, Book, and a menu (a
// disclosure, so it opens without JavaScript) holding the pages and the
// language; on a wider screen the pages and the language stand in the row.
// The business's contact form closes the pages.
export function SiteHeader({ site }: { site: Pick<SiteData, 'nav' | 'book' | 'business' | 'shop'> | null | undefined }) {
  const { locale, siteName, lang } = usePage();
  const menu = useMenuThatCloses();
  const contact = site?.business?.contact;
  const links = [
    ...(site?.nav ?? []).map((p) => (
      <NavLink key={p.id} end to={href('website', locale, { path: p.path }, { kind: 'page' })} lang={p.lang && p.lang !== lang ? p.lang : undefined}>
        {p.title}
      </NavLink>
    )),
    // The business's contact form, where it has one, after its pages.
    ...(contact
      ? [
          <a key="contact" href={contact}>
            <FormattedMessage id="site.footer.contact" />
          </a>,
        ]
      : []),
  ];
  return (
    <>
      <header className={styles.header}>
        <div className={styles.headerInner}>
          <Link className={styles.brand} to={href('index', locale)}>
            {siteName}
          </Link>
          <nav className={styles.nav}>{links}</nav>
          <div className={styles.lang}>
            <LanguageSwitcher />
          </div>
          {site?.shop?.front.sells && (
            <Link className={styles.cart} to={site.shop.cart}>
              <svg aria-hidden="true" viewBox="0 0 24 24" width="20" height="20" focusable="false" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
                <circle cx="9" cy="20" r="1.5" />
                <circle cx="18" cy="20" r="1.5" />
                <path d="M2 3h3l2.7 12.2a1 1 0 0 0 1 .8h9.6a1 1 0 0 0 1-.8L21 7H6" />
              </svg>
              <span className={styles.cartLabel}>
                <FormattedMessage id="site.shop.cart" />
              </span>
            </Link>
          )}
          {site?.book && (
            <Link className={styles.book} to={site.book}>
              <FormattedMessage id="site.book" />
            </Link>
          )}
          <details className={styles.more} ref={menu}>
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
    </>
  );
}

// useMenuThatCloses closes the open menu as a good menu does: on the next
// page, on a tap or a focus outside it, and on Escape (which gives the
// focus back to its button when it was inside).
function useMenuThatCloses() {
  const menu = useRef<HTMLDetailsElement>(null);
  const { pathname, search } = useLocation();
  const where = pathname + search;
  const shownOn = useRef(where);
  useEffect(() => {
    // Only another page closes it: the tap that opens the menu may be the
    // gesture that hydrates the page, and the menu it opened stays open.
    if (shownOn.current === where) return;
    shownOn.current = where;
    if (menu.current) menu.current.open = false;
  }, [where]);
  useEffect(() => {
    const close = (e: Event) => {
      const d = menu.current;
      if (!d?.open) return;
      const inside = d.contains(e.target as Node);
      if (e instanceof KeyboardEvent) {
        if (e.key !== 'Escape') return;
        d.open = false;
        if (inside) d.querySelector('summary')?.focus();
      } else if (!inside) d.open = false;
    };
    const events = ['pointerdown', 'focusin', 'keydown'] as const;
    for (const t of events) document.addEventListener(t, close);
    return () => {
      for (const t of events) document.removeEventListener(t, close);
    };
  }, []);
  return menu;
}
