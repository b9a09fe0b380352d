import { useEffect, useId, useRef, useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { Button } from '../../../components/Button';
import { usePage } from '../../../PageContext';
import type { BookingFormat } from '../hooks/useBookingFormat';
import { useIdempotencyKey } from '../hooks/useIdempotencyKey';
import { rescheduleBooking } from '../lib/api';
import type { BookingView } from '../types';
import { AlertIcon } from './Icons';
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
}

// RescheduleConfirm asks before moving a booking: the old time struck
// through, the new one beside it.
export function RescheduleConfirm({ booking, token, start, timeZone, fmt, onDone, onSlotTaken, onBack }: Props) {
  const page = usePage();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const keyFor = useIdempotencyKey();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const headingId = useId();
  useEffect(() => headingRef.current?.focus(), []);

  const when = (iso: string) => fmt.intl.formatMessage({ id: 'booking.dateAtTime' }, { date: fmt.instantDate(iso), time: fmt.time(iso) });

  const confirm = async () => {
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
    <section className={styles.confirm} aria-labelledby={headingId}>
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
        <div className={styles.error} role="alert">
          <AlertIcon />
          <p>{error}</p>
        </div>
      )}
      <div className={styles.actions}>
        <Button variant="secondary" onClick={onBack} disabled={busy}>
          <FormattedMessage id="booking.back" />
        </Button>
        <Button onClick={confirm} busy={busy}>
          <FormattedMessage id={busy ? 'booking.rescheduling' : 'booking.reschedule.confirm'} />
        </Button>
      </div>
    </section>
  );
}
