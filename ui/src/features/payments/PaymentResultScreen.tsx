import { useEffect, useRef, useState } from 'react';
import { notifyHost } from '../../lib/embed';
import { Alert } from '../../components/Alert';
import type { PaymentResultData } from '../../generated/web';
import { FormattedMessage, useIntl } from '../../lib/i18n';
import { Link, useRevalidator } from 'react-router';
import { usePage } from '../../PageContext';
import { BusinessMark } from '../../components/BusinessMark';
import { CheckCircle, HourglassIcon, XCircle } from '../../components/OutcomeIcons';
import { defaultHourCycle, useBookingFormat } from '../../lib/useBookingFormat';
import { localizedPath } from '../../lib/format';
import { PayNowForm } from '../../components/PayNowForm';
import { formatMoney } from '../../lib/money';
import styles from './PaymentResult.module.css';

// How long a pending result is asked about again, politely: soon at
// first, then less and less often, and after some minutes not at all
// (the mail tells the rest; "check again" asks once more).
const POLL_DELAYS_MS = [2000, 3000, 5000, 8000, 13000, 21000, 34000, 55000];

// PaymentResultScreen is where the provider sends the booker back: the
// server asked the provider before rendering it, so it says paid, failed,
// expired, refunded, or still pending (asking again while pending).
export function PaymentResultScreen() {
  const page = usePage<PaymentResultData | null>();
  const intl = useIntl();
  const revalidator = useRevalidator();
  const data = page.data;
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [polls, setPolls] = useState(0);
  const fmt = useBookingFormat(data?.booking.timeZone ?? 'UTC', defaultHourCycle(page.lang));
  const pending = data?.state === 'pending' && !data.preview;
  // Asking again is the router's revalidation: the page's loader asks Go,
  // which asks the provider.
  useEffect(() => {
    if (!pending || polls >= POLL_DELAYS_MS.length) return;
    const t = window.setTimeout(() => {
      void revalidator.revalidate();
      setPolls((n) => n + 1);
    }, POLL_DELAYS_MS[polls]);
    return () => window.clearTimeout(t);
  }, [pending, polls]); // eslint-disable-line react-hooks/exhaustive-deps
  // Coming back to this page (from the provider's tab, say) asks afresh.
  useEffect(() => {
    if (!pending) return;
    const back = () => {
      if (document.visibilityState !== 'visible') return;
      void revalidator.revalidate();
      setPolls(0);
    };
    document.addEventListener('visibilitychange', back);
    return () => document.removeEventListener('visibilitychange', back);
  }, [pending]); // eslint-disable-line react-hooks/exhaustive-deps
  // "Check again" is the visitor's own question. When the answer is
  // another state, the link they pressed went with the pending one: focus
  // goes to the heading that says what became of the payment. The polls'
  // answers move no focus; the result is a live region.
  const checkedByVisitor = useRef(false);
  const shownState = useRef(data?.state);
  useEffect(() => {
    if (checkedByVisitor.current && data?.state !== shownState.current) headingRef.current?.focus();
    checkedByVisitor.current = false;
    shownState.current = data?.state;
  }, [data]);
  // A page embedding the widget hears of the payment once.
  const paidId = data?.state === 'paid' && !data.preview ? data.paymentId : '';
  useEffect(() => {
    if (paidId && data) notifyHost('paid', { payment: paidId, amount: data.amount, currency: data.currency, booking: data.booking.id });
  }, [paidId]); // eslint-disable-line react-hooks/exhaustive-deps
  if (!data) return null;
  const amount = formatMoney(intl, data.amount, data.currency);
  const b = data.booking;
  const when = intl.formatMessage({ id: 'booking.dateAtTime' }, { date: fmt.instantDate(b.start), time: fmt.time(b.start) });
  const holdUntil = data.holdUntil ? fmt.time(data.holdUntil) : '';
  const icon = data.state === 'paid' ? <CheckCircle /> : data.state === 'pending' || data.state === 'left' ? <HourglassIcon /> : <XCircle />;
  const token = data.token;
  return (
    <div className={styles.screen}>
      {b.locationName && <BusinessMark location={{ name: b.locationName, logoUrl: '' }} />}
      <article className={styles.result} data-state={data.state} aria-live="polite">
        {data.preview && (
          <p className={styles.note}>
            <FormattedMessage id="payment.result.preview" />
          </p>
        )}
        <span className={styles.icon} aria-hidden="true">
          {icon}
        </span>
        <h1 ref={headingRef} tabIndex={-1} className={styles.title}>
          <FormattedMessage id={`payment.result.${data.state}.title`} />
        </h1>
        <p className={styles.lead}>
          <FormattedMessage id={`payment.result.${data.state}.lead`} values={{ email: b.contact.email, time: holdUntil, amount }} />
        </p>
        <p className={styles.what}>
          <strong>{b.calendar.name}</strong>
          <span suppressHydrationWarning>{when}</span>
        </p>
        <dl className={styles.amounts}>
          <div className={styles.now}>
            <dt>
              <FormattedMessage id={data.state === 'paid' ? 'payment.paid' : 'payment.payNow'} />
            </dt>
            <dd>{amount}</dd>
          </div>
        </dl>
        {pending && polls >= POLL_DELAYS_MS.length && <Alert>{intl.formatMessage({ id: 'payment.result.stillPending' })}</Alert>}
        <div className={styles.actions}>
          {data.payAgain && (data.state === 'left' || data.state === 'failed') && (
            <PayNowForm bookingId={b.id} token={token} amount={amount} bookingPage={b.manageUrl} />
          )}
          {pending && (
            <Link
              to={page.path}
              replace
              preventScrollReset
              onClick={() => {
                checkedByVisitor.current = true;
                setPolls(0);
              }}
            >
              <FormattedMessage id="payment.result.checkAgain" />
            </Link>
          )}
          {data.state === 'expired' || data.state === 'refunded' ? (
            <Link to={localizedPath(b.bookAgainUrl, page.locale)}>
              <FormattedMessage id="booking.bookAgain" />
            </Link>
          ) : (
            <Link to={b.manageUrl}>
              <FormattedMessage id="payment.result.viewBooking" />
            </Link>
          )}
        </div>
      </article>
    </div>
  );
}
