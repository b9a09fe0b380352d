import { Form, Link } from 'react-router';
import { Button } from '../../components/Button';
import type { AdminOrdersPageData } from '../../generated/web';
import { FormattedMessage, useIntl } from '../../lib/i18n';
import { formatMoney } from '../../lib/money';
import { usePage } from '../../PageContext';
import { href } from '../../routes';
import styles from './Dashboard.module.css';

// OrdersScreen: route adminOrders, the business's orders, newest first.
// The filters are a GET form (the list is an address): a status, and a
// search by number, name or e-mail. Paid orders wait to be shipped or
// handed over, so their badge stands out.
export function OrdersScreen() {
  const page = usePage<AdminOrdersPageData>();
  const intl = useIntl();
  const d = page.data;
  const zone = d.frame.business.timeZone;
  const filtered = d.status !== '' || d.q !== '';
  return (
    <section>
      <h1 className={styles.title}>
        <FormattedMessage id="admin.orders.heading" />
      </h1>
      <Form method="get" action={href('adminOrders', page.locale)} className={styles.filters} role="search">
        <div className={styles.filterGrid}>
          <label className={styles.filter}>
            <span>
              <FormattedMessage id="admin.orders.status" />
            </span>
            <select name="status" defaultValue={d.status}>
              <option value="">{intl.formatMessage({ id: 'admin.orders.anyStatus' })}</option>
              {d.statuses.map((s) => (
                <option key={s} value={s}>
                  {intl.formatMessage({ id: `admin.orderStatus.${s}` })}
                </option>
              ))}
            </select>
          </label>
          <label className={styles.filter}>
            <span>
              <FormattedMessage id="admin.orders.search" />
            </span>
            <input type="search" name="q" defaultValue={d.q} maxLength={200} autoComplete="off" />
          </label>
          <Button type="submit" variant="secondary">
            <FormattedMessage id="admin.filter.apply" />
          </Button>
        </div>
      </Form>
      {d.orders.length === 0 ? (
        <p className={styles.empty}>
          <FormattedMessage id={filtered ? 'admin.orders.noneFound' : 'admin.orders.none'} />
        </p>
      ) : (
        <ul className={styles.list}>
          {d.orders.map((o) => (
            <li key={o.id} className={styles.item}>
              <div className={styles.when}>{intl.formatDate(new Date(o.created), { dateStyle: 'medium', timeStyle: 'short', timeZone: zone })}</div>
              <div className={styles.what}>
                <Link className={styles.name} to={href('adminOrder', page.locale, { orderId: o.id })}>
                  #{o.number} · {o.customer || o.email}
                </Link>
                <span className={styles.meta}>
                  <FormattedMessage id="admin.orders.items" values={{ count: o.items }} /> · <FormattedMessage id={`admin.orders.${o.delivery}`} /> ·{' '}
                  {formatMoney(intl, o.total, o.currency)}
                </span>
              </div>
              <OrderBadge status={o.status} ready={o.ready} />
            </li>
          ))}
        </ul>
      )}
      {d.more && (
        <p>
          <Link className={styles.more} to={d.more}>
            <FormattedMessage id="admin.bookings.more" />
          </Link>
        </p>
      )}
    </section>
  );
}

// The badge's colour says what the business has to do: a paid order waits
// for it; a handed-over one is done; the rest are closed.
const tone: Record<string, string | undefined> = {
  paid: styles.status_requested,
  fulfilled: styles.status_scheduled,
  cancelled: styles.status_cancelled,
  refunded: styles.status_cancelled,
  expired: styles.status_cancelled,
};

export function OrderBadge({ status, ready }: { status: string; ready?: boolean }) {
  return (
    <span className={styles.badges}>
      <span className={`${styles.badge} ${tone[status] ?? ''}`}>
        <FormattedMessage id={`admin.orderStatus.${status}`} />
      </span>
      {ready && status === 'paid' && (
        <span className={styles.badge}>
          <FormattedMessage id="admin.orders.ready" />
        </span>
      )}
    </span>
  );
}
