import { useRef, useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from '../../lib/i18n';
import { Button } from '../../components/Button';
import { Dialog, dialogActionsClass } from '../../components/Dialog';
import { Field, inputClass } from '../../components/Field';
import { ScreenSummary } from '../../components/ScreenSummary';
import { usePage } from '../../PageContext';
import { href } from '../../routes';
import { BusinessMark } from '../../components/BusinessMark';
import { Confirmation } from './components/Confirmation';
import { Alert } from '../../components/Alert';
import { defaultHourCycle, useBookingFormat } from '../../lib/useBookingFormat';
import { useIdempotencyKey } from './hooks/useIdempotencyKey';
import { cancelBooking } from './lib/api';
import type { BookingView, BookingViewData } from './types';
import styles from './Screens.module.css';

export const REASON_MAX = 500;

// CancelBookingScreen: routes cancelBooking (form layout) and
// appointmentCancel (calendar layout), opened from a booking's cancel link.
export function CancelBookingScreen() {
  const page = usePage<BookingViewData | null>();
  const booking = page.data?.bookings?.[0];
  if (!booking) return <ScreenSummary title="screen.cancelBooking.title" lead="screen.cancelBooking.lead" />;
  return <CancelBooking key={page.path} booking={booking} token={page.data?.token ?? ''} formKey={page.data?.formKey ?? ''} />;
}

// Without JavaScript (or before it loads) the form posts to its own page,
// whose action cancels and answers with this page again: the booking
// cancelled, or the form with what was wrong and the reason as typed.
function CancelBooking({ booking, token, formKey }: { booking: BookingView; token: string; formKey: string }) {
  const intl = useIntl();
  const page = usePage();
  const failed = page.action ?? null;
  const fmt = useBookingFormat(booking.timeZone, defaultHourCycle(page.lang));
  const [reason, setReason] = useState(failed?.values?.reason ?? '');
  const [reasonError, setReasonError] = useState<string | undefined>(failed?.fields?.reason?.message);
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(failed && !failed.fields ? failed.message : null);
  const [done, setDone] = useState<BookingView | null>(null);
  const keepRef = useRef<HTMLButtonElement>(null);
  const reasonRef = useRef<HTMLTextAreaElement>(null);
  const keyFor = useIdempotencyKey();

  const business = { name: booking.locationName, logoUrl: '' };
  // The page the form's post lands on shows the booking cancelled as the
  // answer in place does.
  if (done || booking.status === 'cancelled') {
    return (
      <div className={styles.screen}>
        {business.name && <BusinessMark location={business} />}
        <Confirmation booking={done ?? booking} focus={!!done} manage={false} />
      </div>
    );
  }
  if (!booking.canChange) {
    return (
      <div className={styles.screen}>
        <Alert>
          <FormattedMessage id="booking.error.linkExpired" />
        </Alert>
        <Confirmation booking={booking} manage={false} />
      </div>
    );
  }
  const action = href(page.route, page.locale, page.params, { kind: page.kind || undefined, query: { id: booking.id, token } });

  const when = intl.formatMessage({ id: 'booking.dateAtTime' }, { date: fmt.instantDate(booking.start), time: fmt.time(booking.start) });

  const ask = (e: FormEvent) => {
    e.preventDefault();
    if (reason.length > REASON_MAX) {
      setReasonError(intl.formatMessage({ id: 'validation.reasonTooLong' }, { max: REASON_MAX }));
      reasonRef.current?.focus();
      return;
    }
    setReasonError(undefined);
    setAsking(true);
  };

  const confirm = async () => {
    if (busy) return;
    const body = { token, reason: reason.trim() };
    const unable = intl.formatMessage({ id: 'booking.error.unableToCancel' });
    setBusy(true);
    setError(null);
    try {
      const res = await cancelBooking(booking.id, body, keyFor({ id: booking.id, ...body }), page.lang);
      if (res.ok) {
        setAsking(false);
        setDone(res.body);
        return;
      }
      setAsking(false);
      const field = res.error?.fields?.reason;
      if (res.status === 422 && field) {
        setReasonError(field.message);
        reasonRef.current?.focus();
      } else if (res.status === 410 || res.status === 404 || res.status === 422) setError(res.error?.message || unable);
      else setError(unable);
    } catch {
      setAsking(false);
      setError(unable);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className={styles.screen}>
      {business.name && <BusinessMark location={business} />}
      <div>
        <h1 className={styles.title}>
          <FormattedMessage id="screen.cancelBooking.title" />
        </h1>
        <p className={styles.lead}>
          <FormattedMessage id="screen.cancelBooking.lead" />
        </p>
      </div>
      <dl className={styles.summary}>
        <div>
          <dt>
            <FormattedMessage id="booking.summary.what" />
          </dt>
          <dd>{booking.calendar.name}</dd>
        </div>
        <div>
          <dt>
            <FormattedMessage id="booking.summary.when" />
          </dt>
          <dd>
            <span suppressHydrationWarning>{when}</span>
            <span className={styles.soft} suppressHydrationWarning>
              {fmt.zone(booking.start)}
            </span>
          </dd>
        </div>
        {booking.staff?.name && (
          <div>
            <dt>
              <FormattedMessage id="booking.summary.with" />
            </dt>
            <dd>{booking.staff.name}</dd>
          </div>
        )}
        {booking.location && (
          <div>
            <dt>
              <FormattedMessage id="booking.summary.where" />
            </dt>
            <dd>{booking.location}</dd>
          </div>
        )}
      </dl>
      <form className={styles.form} method="post" action={action} onSubmit={ask} noValidate>
        <input type="hidden" name="idempotencyKey" value={formKey} />
        <Field
          label={<FormattedMessage id="booking.cancel.reason" />}
          optionalLabel={<FormattedMessage id="booking.field.optional" />}
          hint={<FormattedMessage id="booking.cancel.reasonCount" values={{ count: reason.length, max: REASON_MAX }} />}
          error={reasonError}
        >
          {(c) => (
            <textarea
              {...c}
              ref={reasonRef}
              className={inputClass}
              name="reason"
              rows={4}
              value={reason}
              onChange={(e) => {
                setReason(e.target.value);
                if (reasonError && e.target.value.length <= REASON_MAX) setReasonError(undefined);
              }}
            />
          )}
        </Field>
        {error && (
          <Alert>{error}</Alert>
        )}
        <Button type="submit" variant="danger" block>
          <FormattedMessage id="booking.cancel.submit" />
        </Button>
      </form>
      <Dialog
        open={asking}
        onClose={() => !busy && setAsking(false)}
        title={<FormattedMessage id="booking.cancel.dialogTitle" />}
        description={<FormattedMessage id="booking.cancel.dialogText" values={{ when }} />}
        initialFocus={keepRef}
      >
        <div className={dialogActionsClass}>
          <Button ref={keepRef} variant="secondary" onClick={() => setAsking(false)} disabled={busy}>
            <FormattedMessage id="booking.cancel.keep" />
          </Button>
          <Button variant="danger" onClick={confirm} busy={busy}>
            <FormattedMessage id={busy ? 'booking.cancelling' : 'booking.cancel.confirm'} />
          </Button>
        </div>
      </Dialog>
    </div>
  );
}
