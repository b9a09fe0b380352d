import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { FormattedMessage } from '../../../lib/i18n';
import { Button } from '../../../components/Button';
import { usePage } from '../../../PageContext';
import type { BookingFormat } from '../../../lib/useBookingFormat';
import { useIdempotencyKey } from '../hooks/useIdempotencyKey';
import { rescheduleBooking } from '../lib/mutations';
import type { BookingView } from '../types';
import { Alert } from '../../../components/Alert';
import styles from './RescheduleConfirm.module.css';

interface Props {
  booking: BookingView; // the booking being moved
  token: string;
  start: string; // the new time
  timeZone: string;
  fmt: BookingFormat;
  onDone: (b: BookingView) => void;
  onSlotTaken: (message: string) => void;
  onBack: () => void;
  // action: the step's URL, where the confirmation posts without JavaScript.
  action: string;
  formKey: string;
  backHref: string;
  failed: string | null; // that post's answer, when it failed
}

// RescheduleConfirm asks before moving a booking: the old time struck
// through, the new one beside it.
export function RescheduleConfirm({ booking, token, start, timeZone, fmt, onDone, onSlotTaken, onBack, action, formKey, backHref, failed }: Props) {
  const page = usePage();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(failed);
  const keyFor = useIdempotencyKey();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const headingId = useId();
  useEffect(() => headingRef.current?.focus(), []);

  const when = (iso: string) => fmt.intl.formatMessage({ id: 'booking.dateAtTime' }, { date: fmt.instantDate(iso), time: fmt.time(iso) });

  const confirm = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    const body = { token, start, tz: timeZone };
    const unable = fmt.intl.formatMessage({ id: 'booking.error.unableToSchedule' });
    setBusy(true);
    setError(null);
    try {
      const res = await rescheduleBooking(booking.id, body, keyFor({ id: booking.id, ...body }), page.lang);
      if (res.ok) return onDone(res.body);
      if (res.status === 409) return onSlotTaken(res.error?.message || unable);
      setError(res.status === 410 || res.status === 422 || res.status === 404 ? res.error?.message || unable : unable);
    } catch {
      setError(unable);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className={styles.confirm} aria-labelledby={headingId} method="post" action={action} onSubmit={confirm}>
      <input type="hidden" name="start" value={start} />
      <input type="hidden" name="tz" value={timeZone} />
      <input type="hidden" name="idempotencyKey" value={formKey} />
      <h2 id={headingId} ref={headingRef} tabIndex={-1} className={styles.heading}>
        <FormattedMessage id="booking.reschedule.confirmTitle" />
      </h2>
      <dl className={styles.times}>
        <div>
          <dt>
            <FormattedMessage id="booking.reschedule.from" />
          </dt>
          <dd>
            <del suppressHydrationWarning>{when(booking.start)}</del>
          </dd>
        </div>
        <div>
          <dt>
            <FormattedMessage id="booking.reschedule.to" />
          </dt>
          <dd className={styles.new} suppressHydrationWarning>
            {when(start)}
          </dd>
        </div>
        <div>
          <dt>
            <FormattedMessage id="booking.summary.timeZone" />
          </dt>
          <dd suppressHydrationWarning>{fmt.zone(start)}</dd>
        </div>
      </dl>
      {error && (
        <Alert>{error}</Alert>
      )}
      <div className={styles.actions}>
        <a
          className={styles.back}
          href={backHref}
          aria-disabled={busy || undefined}
          onClick={(e) => {
            e.preventDefault();
            if (!busy) onBack();
          }}
        >
          <FormattedMessage id="booking.back" />
        </a>
        <Button type="submit" busy={busy}>
          <FormattedMessage id={busy ? 'booking.rescheduling' : 'booking.reschedule.confirm'} />
        </Button>
      </div>
    </form>
  );
}
