import { Link } from 'react-router';
import { FormattedMessage, useIntl } from '../../lib/i18n';
import { usePage } from '../../PageContext';
import { href } from '../../routes';
import styles from './NotFound.module.css';
import type { SiteData } from './types';

// NotFoundScreen is an address of the website that leads nowhere, inside
// the website's frame: what happened (the status and its message), in
// words a visitor understands, and the ways on (home, booking, the
// website's pages).
export function NotFoundScreen() {
  const page = usePage<SiteData>();
  const intl = useIntl();
  const site = page.data;
  return (
    <div className={styles.box}>
      <p className={styles.status}>{page.status}</p>
      <h1 className={styles.message}>{page.statusMessage}</h1>
      <p className={styles.lead}>
        <FormattedMessage id="error.notFound.lead" />
      </p>
      <div className={styles.ways}>
        <Link className={styles.home} to={href('index', page.locale)}>
          <FormattedMessage id="error.home" />
        </Link>
        {site.book && (
          <Link className={styles.other} to={site.book}>
            <FormattedMessage id="site.bookingWidget" />
          </Link>
        )}
      </div>
      {site.nav.length > 0 && (
        <nav className={styles.pages} aria-label={intl.formatMessage({ id: 'error.notFound.pages' })}>
          {site.nav.map((p) => (
            <Link key={p.id} to={href('website', page.locale, { path: p.path }, { kind: 'page' })}>
              {p.title}
            </Link>
          ))}
        </nav>
      )}
    </div>
  );
}
