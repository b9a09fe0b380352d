import { Form, Link, useLocation, useNavigation } from 'react-router';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import type { AdminBookingRow, AdminBookingsPageData } from '../../generated/web';
import { FormattedMessage, useIntl } from '../../lib/i18n';
import { href } from '../../routes';
import { usePage } from '../../PageContext';
import { useFresh } from './useFresh';
import { useOpenLink } from './openLink';
import { dayHeading, dayKey, timeRange } from './when';
import { DoneNotice } from './DoneNotice';
import styles from './Dashboard.module.css';

const TABS = ['upcoming', 'requests', 'past', 'cancelled'] as const;

// BookingsScreen: route adminBookings, the dashboard's home. Four tabs,
// filters in the query (a GET form: Back, reload and a shared address
// show the same list), the bookings by day in the business's zone. A
// request is confirmed or declined from its row; ticked rows are changed
// together. Every button is a form's, so all of it works without
// JavaScript; with it, new bookings show without a reload (useFresh).
export function BookingsScreen() {
  const page = usePage<AdminBookingsPageData>();
  const intl = useIntl();
  const open = useOpenLink();
  const d = page.data;
  useFresh();
  const zone = d.frame.business.timeZone;
  const here = useLocation();
  const busy = useNavigation().state !== 'idle';
  const action = here.pathname + here.search;
  const groups: { key: string; heading: string; rows: AdminBookingRow[] }[] = [];
  for (const b of d.bookings) {
    const key = dayKey(b.start, zone);
    if (groups.at(-1)?.key !== key) groups.push({ key, heading: dayHeading(intl, b.start, d.today, zone), rows: [] });
    groups.at(-1)!.rows.push(b);
  }
  const tabPath = (tab: string) => href('adminBookings', page.locale, tab === 'upcoming' ? {} : { tab });
  const filtered = Object.values(d.filters).some(Boolean);
  return (
    <>
      <h1 className={styles.title}>
        <FormattedMessage id="admin.bookings.heading" />
      </h1>
      <nav className={styles.tabs} aria-label={intl.formatMessage({ id: 'admin.bookings.tabs' })}>
        {TABS.map((tab) => (
          <Link key={tab} to={tabPath(tab)} aria-current={d.tab === tab ? 'page' : undefined}>
            <FormattedMessage id={`admin.tab.${tab}`} />
            {tab === 'requests' && d.frame.requests > 0 && <span className={styles.count}>{d.frame.requests}</span>}
          </Link>
        ))}
      </nav>
      <Filters data={d} action={tabPath(d.tab)} />
      <p className={styles.small}>
        <a href={exportHref(d)} download>
          <FormattedMessage id="admin.bookings.export" />
        </a>
      </p>
      <DoneNotice done={d.done} />
      {page.action && <Alert>{page.action.message}</Alert>}
      {groups.length === 0 ? (
        <p className={styles.empty}>
          <FormattedMessage id={filtered ? 'admin.bookings.noneFound' : `admin.bookings.none.${d.tab}`} />
        </p>
      ) : (
        <>
          <Form method="post" action={action} id="bulk" className={styles.bulk}>
            <input type="hidden" name="idempotencyKey" value={d.formKey} />
            <span className={styles.small}>
              <FormattedMessage id="admin.bulk.lead" />
            </span>
            {d.tab === 'requests' && (
              <>
                <Button type="submit" variant="secondary" name="do" value="confirm" disabled={busy}>
                  <FormattedMessage id="admin.bulk.confirm" />
                </Button>
                <Button type="submit" variant="secondary" name="do" value="decline" disabled={busy}>
                  <FormattedMessage id="admin.bulk.decline" />
                </Button>
              </>
            )}
            {(d.tab === 'upcoming' || d.tab === 'requests') && (
              <Button type="submit" variant="danger" name="do" value="cancel" disabled={busy}>
                <FormattedMessage id="admin.bulk.cancel" />
              </Button>
            )}
          </Form>
          {groups.map((g) => (
            <section key={g.key} className={styles.day} aria-labelledby={`day-${g.key}`}>
              <h2 id={`day-${g.key}`} className={styles.dayHeading}>
                {g.heading}
              </h2>
              <ul className={styles.list}>
                {g.rows.map((b) => (
                  <Row key={b.id} b={b} zone={zone} tab={d.tab} action={action} formKey={d.formKey} busy={busy} open={open} />
                ))}
              </ul>
            </section>
          ))}
        </>
      )}
      {d.next && (
        <p>
          <Link className={styles.more} to={d.next}>
            <FormattedMessage id="admin.bookings.more" />
          </Link>
        </p>
      )}
    </>
  );
}

// exportHref is the list on screen, every page of it, as a spreadsheet.
function exportHref(d: AdminBookingsPageData): string {
  const q = new URLSearchParams({ tab: d.tab });
  for (const [k, v] of Object.entries(d.filters)) if (v) q.set(k, v);
  return `/api/dashboard/bookings.csv?${q}`;
}

type RowProps = { b: AdminBookingRow; zone: string; tab: string; action: string; formKey: string; busy: boolean; open: ReturnType<typeof useOpenLink> };

function Row({ b, zone, tab, action, formKey, busy, open }: RowProps) {
  const intl = useIntl();
  const page = usePage();
  const changeable = tab === 'upcoming' || tab === 'requests';
  return (
    <li className={styles.item}>
      {changeable && (
        <input
          className={styles.tick}
          type="checkbox"
          name="id"
          value={b.id}
          form="bulk"
          aria-label={intl.formatMessage({ id: 'admin.bulk.choose' }, { name: b.name })}
        />
      )}
      <div className={styles.when}>{timeRange(intl, b.start, b.end, zone)}</div>
      <div className={styles.what}>
        <a className={styles.name} href={href('adminBooking', page.locale, { id: b.id })} onClick={open}>
          {b.name.trim() || b.email}
        </a>
        <span className={styles.meta}>
          {b.calendar} · {b.staff}
          {b.seats > 1 && <> · <FormattedMessage id="admin.booking.seats" values={{ count: b.seats }} /></>}
        </span>
      </div>
      <StatusBadge status={b.status} payment={b.payment} />
      {b.status === 'requested' && changeable && (
        <Form method="post" action={action} className={styles.rowActions}>
          <input type="hidden" name="idempotencyKey" value={formKey} />
          <input type="hidden" name="id" value={b.id} />
          <Button type="submit" name="do" value="confirm" disabled={busy} aria-label={intl.formatMessage({ id: 'admin.request.confirmFor' }, { name: b.name })}>
            <FormattedMessage id="admin.request.confirm" />
          </Button>
          <Button type="submit" variant="secondary" name="do" value="decline" disabled={busy} aria-label={intl.formatMessage({ id: 'admin.request.declineFor' }, { name: b.name })}>
            <FormattedMessage id="admin.request.decline" />
          </Button>
        </Form>
      )}
    </li>
  );
}

export function StatusBadge({ status, payment }: { status: string; payment?: string }) {
  return (
    <span className={styles.badges}>
      <span className={`${styles.badge} ${styles[`status_${status}`] ?? ''}`}>
        <FormattedMessage id={`admin.status.${status}`} />
      </span>
      {payment && (
        <span className={styles.badge}>
          <FormattedMessage id={`admin.payment.${payment}`} />
        </span>
      )}
    </span>
  );
}

function Filters({ data, action }: { data: AdminBookingsPageData; action: string }) {
  const f = data.filters;
  const apply = (
    <Button type="submit" variant="secondary">
      <FormattedMessage id="admin.filter.apply" />
    </Button>
  );
  return (
    <Form method="get" action={action} className={styles.filters} role="search">
      <label className={styles.filter}>
        <span>
          <FormattedMessage id="admin.filter.search" />
        </span>
        <input type="search" name="q" defaultValue={f.q} maxLength={200} />
      </label>
      {apply}
      {/* The other filters fold away, so a phone shows the day first. */}
      <details className={styles.moreFilters} open={Boolean(f.calendar || f.staff || f.from || f.to)}>
        <summary>
          <FormattedMessage id="admin.filter.more" />
        </summary>
        <div className={styles.filterGrid}>
          <label className={styles.filter}>
            <span>
              <FormattedMessage id="admin.filter.calendar" />
            </span>
            <select name="calendar" defaultValue={f.calendar}>
              <option value="">—</option>
              {data.calendars.map((c) => (
                <option key={c.slug} value={c.slug}>
                  {c.name}
                </option>
              ))}
            </select>
          </label>
          {data.staff.length > 0 && (
            <label className={styles.filter}>
              <span>
                <FormattedMessage id="admin.filter.staff" />
              </span>
              <select name="staff" defaultValue={f.staff}>
                <option value="">—</option>
                {data.staff.map((c) => (
                  <option key={c.slug} value={c.slug}>
                    {c.name}
                  </option>
                ))}
              </select>
            </label>
          )}
          <DateFilters from={f.from} to={f.to} />
          {apply}
        </div>
      </details>
    </Form>
  );
}

// DateFilters are a list's first and last day, as its GET form sends them.
export function DateFilters({ from, to }: { from: string; to: string }) {
  return (
    <>
      <label className={styles.filter}>
        <span>
          <FormattedMessage id="admin.filter.from" />
        </span>
        <input type="date" name="from" defaultValue={from} />
      </label>
      <label className={styles.filter}>
        <span>
          <FormattedMessage id="admin.filter.to" />
        </span>
        <input type="date" name="to" defaultValue={to} />
      </label>
    </>
  );
}
