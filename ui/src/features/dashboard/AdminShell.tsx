import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { AdminFrame } from '../../generated/web';
import { FormattedMessage, useIntl } from '../../lib/i18n';
import { href } from '../../routes';
import type { Payload } from '../../payload';
import styles from './Dashboard.module.css';

// AdminShell frames every dashboard page: signed in, the business, the
// way to the bookings and to the requests waiting (their count on every
// page), and who is signed in; signed out, a card in the middle.
export function AdminShell({ payload, children }: { payload: Payload; children: ReactNode }) {
  const frame = (payload.data as { frame?: AdminFrame } | null)?.frame;
  if (!frame) {
    return (
      <main id="main" className={styles.card}>
        {children}
      </main>
    );
  }
  return (
    <div className={styles.app}>
      <header className={styles.bar}>
        <Link className={styles.business} to={href('adminBookings', payload.locale)}>
          {frame.business.name}
        </Link>
        <Nav frame={frame} payload={payload} />
        <p className={styles.who}>
          <Link className={styles.email} to={href('adminAccount', payload.locale)}>
            {frame.email}
          </Link>{' '}
          <span className={styles.role}>
            <FormattedMessage id={`admin.role.${frame.role}`} />
          </span>{' '}
          <Link to={href('adminSignOut', payload.locale)}>
            <FormattedMessage id="admin.signOut.link" />
          </Link>
        </p>
      </header>
      <main id="main" className={styles.main}>
        {children}
      </main>
    </div>
  );
}

function Nav({ frame, payload }: { frame: AdminFrame; payload: Payload }) {
  const intl = useIntl();
  const requests = href('adminBookings', payload.locale, { tab: 'requests' });
  const here = (payload.params?.tab as string | undefined) ?? (payload.route === 'adminBookings' ? 'upcoming' : '');
  return (
    <nav className={styles.nav} aria-label={intl.formatMessage({ id: 'admin.nav.label' })}>
      <Link to={href('adminBookings', payload.locale)} aria-current={here === 'upcoming' ? 'page' : undefined}>
        <FormattedMessage id="admin.nav.bookings" />
      </Link>
      <Link to={requests} aria-current={here === 'requests' ? 'page' : undefined}>
        <FormattedMessage id="admin.nav.requests" />
        {frame.requests > 0 && (
          <span className={styles.count}>
            <span aria-hidden="true">{frame.requests}</span>
            <span className="visually-hidden">
              <FormattedMessage id="admin.nav.waiting" values={{ count: frame.requests }} />
            </span>
          </span>
        )}
      </Link>
      <Link to={href('adminCalendar', payload.locale)} aria-current={payload.route === 'adminCalendar' ? 'page' : undefined}>
        <FormattedMessage id="admin.nav.calendar" />
      </Link>
      <Link to={href('adminAvailability', payload.locale)} aria-current={payload.route === 'adminAvailability' ? 'page' : undefined}>
        <FormattedMessage id="admin.nav.availability" />
      </Link>
      <Link to={href('adminWhy', payload.locale)} aria-current={payload.route === 'adminWhy' ? 'page' : undefined}>
        <FormattedMessage id="admin.nav.why" />
      </Link>
      {frame.shop && (
        <Link to={href('adminOrders', payload.locale)} aria-current={payload.route === 'adminOrders' || payload.route === 'adminOrder' ? 'page' : undefined}>
          <FormattedMessage id="admin.nav.orders" />
        </Link>
      )}
      {frame.role !== 'staff' && (
        <Link to={href('adminResponses', payload.locale)} aria-current={payload.route === 'adminResponses' ? 'page' : undefined}>
          <FormattedMessage id="admin.nav.responses" />
        </Link>
      )}
      {frame.role === 'owner' && (
        <>
          <Link to={href('adminPeople', payload.locale)} aria-current={payload.route === 'adminPeople' ? 'page' : undefined}>
            <FormattedMessage id="admin.nav.people" />
          </Link>
          <Link to={href('adminSettings', payload.locale)} aria-current={payload.route === 'adminSettings' || payload.route === 'adminConnections' ? 'page' : undefined}>
            <FormattedMessage id="admin.nav.settings" />
          </Link>
        </>
      )}
    </nav>
  );
}
