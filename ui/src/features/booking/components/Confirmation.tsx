import { useEffect, useRef, type ReactNode } from 'react';
import { FormattedMessage, useIntl } from '../../../lib/i18n';
import { Link } from 'react-router';
import { usePage } from '../../../PageContext';
import { defaultHourCycle, useBookingFormat } from '../../../lib/useBookingFormat';
import { localizedPath } from '../../../lib/format';
import { withLocale } from '../../../lib/navigation';
import { PayNowForm } from '../../../components/PayNowForm';
import { manageToken } from '../../../lib/checkout';
import { combinedPayment, formatMoney, paymentLine } from '../../../lib/money';
import type { BookingStatus, BookingView } from '../types';
import styles from './Confirmation.module.css';
import { RescheduleIcon } from '../../../components/Icons';
import { CheckCircle, HourglassIcon, XCircle } from '../../../components/OutcomeIcons';
import { Place } from './Place';
import { VisitServices, visitSpan } from './VisitServices';

const STATUS: Record<BookingStatus, { title: { id: string }; lead?: { id: string }; icon: ReactNode }> = {
  pending: { title: { id: 'booking.status.pending' }, lead: { id: 'booking.status.pendingLead' }, icon: <HourglassIcon /> },
  scheduled: { title: { id: 'booking.status.scheduled' }, lead: { id: 'booking.confirmation.sent' }, icon: <CheckCircle /> },
  requested: { title: { id: 'booking.status.requested' }, lead: { id: 'booking.status.requestedLead' }, icon: <HourglassIcon /> },
  rescheduled: { title: { id: 'booking.status.rescheduled' }, lead: { id: 'booking.confirmation.sent' }, icon: <RescheduleIcon /> },
  cancelled: { title: { id: 'booking.status.cancelled' }, icon: <XCircle /> },
};

// A request the business declined.
const DECLINED = { title: { id: 'booking.status.declined' }, lead: { id: 'booking.status.declinedLead' }, icon: <XCircle /> };

interface Props {
  booking: BookingView;
  heading?: 'h1' | 'h2';
  // focus: move focus to the heading when shown after an action.
  focus?: boolean;
  // manage: show the reschedule and cancel links (when still possible).
  manage?: boolean;
  // visit: every service of a visit (booking is the first that holds):
  // one outcome, one list of services, one total, one set of links.
  visit?: BookingView[];
  children?: ReactNode;
}

// Confirmation is a booking's outcome: scheduled, requested, rescheduled
// (the previous time struck through) or cancelled, a summary, links to add
// it to a calendar, and to reschedule or cancel it.
export function Confirmation({ booking, heading = 'h1', focus, manage = true, visit, children }: Props) {
  const page = usePage();
  const intl = useIntl();
  const fmt = useBookingFormat(booking.timeZone, defaultHourCycle(page.lang));
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focus) headingRef.current?.focus();
  }, [focus]);
  const status = booking.status === 'cancelled' && booking.cancelledBy === 'business' ? DECLINED : (STATUS[booking.status] ?? STATUS.scheduled);
  const Heading = heading;
  const cancelled = booking.status === 'cancelled';
  const when = (iso: string) => intl.formatMessage({ id: 'booking.dateAtTime' }, { date: fmt.instantDate(iso), time: fmt.time(iso) });
  const span = visit && visitSpan(visit);
  const payment = span ? combinedPayment(span.holding.map((b) => b.payment)) : booking.payment;
  // A visit's total, and how it is paid when that says more than the price.
  const total = span && payment && payment.total > 0 ? formatMoney(intl, payment.total, payment.currency) : '';
  const paymentText = payment && !(total && (payment.state === 'on_site' || payment.state === 'none')) ? paymentLine(intl, payment, (iso) => fmt.time(iso)) : '';
  const end = span ? span.end : booking.end;
  const token = manage ? manageToken(booking.manageUrl) : '';

  return (
    <article className={styles.card} data-status={booking.status}>
      <div className={styles.top}>
        <span className={styles.icon}>{status.icon}</span>
        <Heading ref={headingRef} tabIndex={-1} className={styles.title}>
          {intl.formatMessage(status.title)}
        </Heading>
        {status.lead && <p className={styles.lead}>{intl.formatMessage(status.lead, { email: booking.contact?.email ?? '', sent: booking.contact?.email ? 'yes' : 'no', business: booking.locationName })}</p>}
      </div>
      <dl className={styles.summary}>
        {visit ? (
          <Row label={<FormattedMessage id="booking.summary.services" />}>
            <VisitServices visit={visit} fmt={fmt} />
          </Row>
        ) : (
          <Row label={<FormattedMessage id="booking.summary.what" />}>{booking.calendar.name}</Row>
        )}
        <Row label={<FormattedMessage id="booking.summary.when" />}>
          {booking.status === 'rescheduled' && booking.previousStart && (
            <span className={styles.previous}>
              <span className="visually-hidden">
                <FormattedMessage id="booking.summary.previous" />{' '}
              </span>
              <del suppressHydrationWarning>{when(booking.previousStart)}</del>
            </span>
          )}
          <span className={cancelled ? styles.struck : undefined} suppressHydrationWarning>
            {fmt.instantDate(booking.start)}
          </span>
          <span className={cancelled ? styles.struck : undefined} suppressHydrationWarning>
            {intl.formatMessage({ id: 'booking.timeRange' }, { start: fmt.time(booking.start), end: fmt.time(end) })}
          </span>
          <span className={styles.zone} suppressHydrationWarning>
            {fmt.zone(booking.start)}
          </span>
        </Row>
        <Row label={<FormattedMessage id="booking.summary.duration" />}>{fmt.duration(span ? span.minutes : booking.calendar.durationMinutes)}</Row>
        {booking.staff?.name && !visit && <Row label={<FormattedMessage id="booking.summary.with" />}>{booking.staff.name}</Row>}
        {booking.location && (
          <Row label={<FormattedMessage id="booking.summary.where" />}>
            <Place location={booking.location} />
          </Row>
        )}
        {booking.forGuest && !visit && booking.guests?.[0] && <Row label={<FormattedMessage id="booking.summary.for" />}>{booking.guests[0].name}</Row>}
        {booking.seats > 1 && (
          <Row label={<FormattedMessage id="booking.summary.guests" />}>
            {[...(booking.guests ?? []).map((g) => g.name), ...(booking.seats - 1 > (booking.guests ?? []).length ? [intl.formatMessage({ id: 'booking.guests.unnamed' }, { count: booking.seats - 1 - (booking.guests ?? []).length })] : [])].join(', ')}
          </Row>
        )}
        {(booking.answers ?? []).map((a) => (
          <Row key={a.label} label={a.label}>
            {a.value}
          </Row>
        ))}
        {total && <Row label={<FormattedMessage id="payment.total" />}>{total}</Row>}
        {paymentText && <Row label={<FormattedMessage id="payment.summary" />}>{paymentText}</Row>}
        {cancelled && booking.cancellationReason && <Row label={<FormattedMessage id="booking.summary.reason" />}>{booking.cancellationReason}</Row>}
      </dl>
      {payment?.state === 'hold' && token && (
        <PayNowForm bookingId={booking.id} token={token} amount={formatMoney(intl, payment.payNow, payment.currency)} bookingPage={booking.manageUrl} />
      )}
      {/* A request goes into no calendar until the business confirms it. */}
      {!cancelled && booking.status !== 'requested' && booking.status !== 'pending' && <AddToCalendar booking={booking} heading={heading === 'h1' ? 'h2' : 'h3'} />}
      {manage && booking.canChange && !cancelled && (
        <div className={styles.manage}>
          <span>
            <FormattedMessage id="booking.manage.prompt" />
          </span>
          <Link to={localizedPath(booking.rescheduleUrl, page.locale)}>
            <FormattedMessage id="booking.manage.reschedule" />
          </Link>
          <Link to={localizedPath(booking.cancelUrl, page.locale)}>
            <FormattedMessage id="booking.manage.cancel" />
          </Link>
        </div>
      )}
      {(cancelled || !booking.canChange) && booking.bookAgainUrl && (
        <p className={styles.again}>
          <Link to={localizedPath(booking.bookAgainUrl, page.locale)}>
            <FormattedMessage id="booking.bookAgain" />
          </Link>
        </p>
      )}
      {/* A way back to the site it was booked from; none inside another site's frame. */}
      <p className={styles.site}>
        <a href={withLocale('/', page.locale)}>
          <FormattedMessage id="booking.backToSite" />
        </a>
      </p>
      {children}
    </article>
  );
}

function Row({ label, children }: { label: ReactNode; children: ReactNode }) {
  return (
    <div className={styles.row}>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

// AddToCalendar: external calendars open in a new tab on an explicit
// click; the .ics file (iCal, iCloud) downloads from this server.
function AddToCalendar({ booking, heading: Heading }: { booking: BookingView; heading: 'h2' | 'h3' }) {
  const newTab = (
    <span className="visually-hidden">
      {' '}
      <FormattedMessage id="booking.newTab" />
    </span>
  );
  return (
    <section className={styles.add} aria-labelledby={`add-${booking.id}`}>
      <Heading id={`add-${booking.id}`} className={styles.addTitle}>
        <FormattedMessage id="booking.addToCalendar" />
      </Heading>
      <div className={styles.addLinks}>
        {booking.googleUrl && (
          <a className={styles.addLink} href={booking.googleUrl} target="_blank" rel="noopener noreferrer">
            <FormattedMessage id="booking.calendar.google" />
            {newTab}
          </a>
        )}
        {booking.outlookUrl && (
          <a className={styles.addLink} href={booking.outlookUrl} target="_blank" rel="noopener noreferrer">
            <FormattedMessage id="booking.calendar.outlook" />
            {newTab}
          </a>
        )}
        {booking.icsUrl && (
          <a className={styles.addLink} href={booking.icsUrl} download>
            <FormattedMessage id="booking.calendar.ical" />
          </a>
        )}
      </div>
    </section>
  );
}
