import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Form, Link, useLocation, useNavigation, useNavigationType } from 'react-router';
import { FormattedMessage, useIntl } from '../../lib/i18n';
import { Button } from '../../components/Button';
import { Field, inputClass } from '../../components/Field';
import { usePage } from '../../PageContext';
import { href } from '../../routes';
import { BusinessMark } from '../../components/BusinessMark';
import { BookingFacts, CancelOutcome } from './components/CancelParts';
import { visitSpan } from './components/VisitServices';
import { Alert } from '../../components/Alert';
import { localizedPath } from '../../lib/format';
import { defaultHourCycle, useBookingFormat } from '../../lib/useBookingFormat';
import type { BookingView, BookingViewData } from './types';
import styles from './Screens.module.css';

export const REASON_MAX = 500;

// CancelBookingScreen: routes cancelBooking (form layout) and
// appointmentCancel (calendar layout), opened from a booking's cancel link.
export function CancelBookingScreen() {
  const page = usePage<BookingViewData | null>();
  const arrived = useNavigationType() !== 'POP';
  const all = page.data?.bookings ?? [];
  // Go's loader sends the booking, or an error page instead.
  if (all.length === 0) throw new Error('a cancel page without its booking');
  // A visit's cancel page cancels every service that still holds.
  const visit = all.length > 1 && all.every((b) => b.visit) ? all : undefined;
  const booking = visit ? visitSpan(visit).lead : all[0];
  // The page the form's post lands on shows the booking cancelled.
  if (booking.status === 'cancelled' || !booking.canChange) return <CancelOutcome booking={booking} visit={visit} focus={arrived} />;
  return <CancelBooking key={page.path} booking={booking} visit={visit} token={page.data?.token ?? ''} formKey={page.data?.formKey ?? ''} />;
}

// The form posts to its own page: without JavaScript the browser posts it,
// with it the route's action does (router/page.ts). This page is already
// the question ("cancel this booking?"), so its button is the answer: no
// second dialog. Its way out, "Keep my booking", leads back to the
// booking. Either way Go cancels and answers with this page again: the
// booking cancelled, or the form with what was wrong and the reason as typed.
function CancelBooking({ booking, visit, token, formKey }: { booking: BookingView; visit?: BookingView[]; token: string; formKey: string }) {
  const intl = useIntl();
  const page = usePage();
  const failed = page.action ?? null;
  const fmt = useBookingFormat(booking.timeZone, defaultHourCycle(page.lang));
  const busy = useNavigation().state !== 'idle';
  const [reason, setReason] = useState(failed?.values?.reason ?? '');
  // What this browser found wrong, else what the last post was refused for.
  const [ownError, setOwnError] = useState<string | undefined>();
  const reasonRef = useRef<HTMLTextAreaElement>(null);
  // A refusal's message for the reason goes as the visitor edits it.
  const [editedAfter, setEditedAfter] = useState<typeof failed>(null);
  const reasonError = ownError ?? (editedAfter === failed ? undefined : failed?.fields?.reason?.message);
  const error = failed && !failed.fields ? failed.message : null;
  // A field to blame for a refusal takes focus.
  useEffect(() => {
    if (failed?.fields?.reason) reasonRef.current?.focus();
  }, [failed]);

  const business = { name: booking.locationName, logoUrl: '' };
  // One service of a visit alone (?only=1, where the business allows it).
  const search = useLocation().search;
  const only = !visit && booking.visit && new URLSearchParams(search).has('only');
  const action = href(page.route, page.locale, page.params, { kind: page.kind || undefined, query: { id: booking.id, token, ...(only ? { only: '1' } : {}) } });
  const when = intl.formatMessage({ id: 'booking.dateAtTime' }, { date: fmt.instantDate(booking.start), time: fmt.time(booking.start) });

  // A reason too long is said here, before anything is sent; a second
  // press while the first is on its way sends nothing more.
  const check = (e: FormEvent) => {
    if (busy) {
      e.preventDefault();
      return;
    }
    if (reason.length > REASON_MAX) {
      e.preventDefault();
      setOwnError(intl.formatMessage({ id: 'validation.reasonTooLong' }, { max: REASON_MAX }));
      reasonRef.current?.focus();
      return;
    }
    setOwnError(undefined);
  };

  return (
    <div className={styles.screen}>
      {business.name && <BusinessMark location={business} />}
      <div>
        <h1 className={styles.title}>
          <FormattedMessage id="screen.cancelBooking.title" />
        </h1>
        <p className={styles.lead}>
          <FormattedMessage id={visit ? 'screen.cancelBooking.leadVisit' : 'screen.cancelBooking.lead'} />
        </p>
      </div>
      <BookingFacts booking={booking} when={when} zone={fmt.zone(booking.start)} visit={visit} fmt={fmt} />
      <Form className={styles.form} method="post" action={action} onSubmit={check} noValidate>
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
                setEditedAfter(failed);
                if (e.target.value.length <= REASON_MAX) setOwnError(undefined);
              }}
            />
          )}
        </Field>
        {error && <Alert>{error}</Alert>}
        <div className={styles.cancelActions}>
          <Button type="submit" variant="danger" busy={busy}>
            <FormattedMessage id={busy ? 'booking.cancelling' : 'booking.cancel.submit'} />
          </Button>
          {booking.manageUrl && (
            <Link className={styles.keep} to={localizedPath(booking.manageUrl, page.locale)}>
              <FormattedMessage id="booking.cancel.keepBooking" />
            </Link>
          )}
        </div>
      </Form>
    </div>
  );
}
