import { useEffect, useId, useRef } from 'react';
import { Form, useNavigation } from 'react-router';
import { FormattedMessage } from '../../../lib/i18n';
import { Button } from '../../../components/Button';
import type { BookingFormat } from '../../../lib/useBookingFormat';
import type { BookingView } from '../types';
import { Alert } from '../../../components/Alert';
import styles from './RescheduleConfirm.module.css';

interface Props {
  booking: BookingView; // the booking being moved
  start: string; // the new time
  timeZone: string;
  fmt: BookingFormat;
  // action: the step's URL, where the confirmation posts: the browser
  // without JavaScript, the route's action with it. Go moves the booking
  // and answers with its page, or with this step again and why (a time
  // taken meanwhile: back to the times, useBooker).
  action: string;
  formKey: string;
  failed: string | null; // that post's answer, when it failed
}

// RescheduleConfirm asks before moving a booking: the old time struck
// through, the new one beside it, in the booker's zone. The way back is
// the step's own Back, above.
export function RescheduleConfirm({ booking, start, timeZone, fmt, action, formKey, failed }: Props) {
  const busy = useNavigation().state !== 'idle';
  const error = busy ? null : failed;
  const headingRef = useRef<HTMLHeadingElement>(null);
  const headingId = useId();
  useEffect(() => headingRef.current?.focus(), []);

  const when = (iso: string) => fmt.intl.formatMessage({ id: 'booking.dateAtTime' }, { date: fmt.instantDate(iso), time: fmt.time(iso) });

  return (
    // The moved booking's page takes this step's place in the history (replace).
    <Form className={styles.confirm} aria-labelledby={headingId} method="post" action={action} replace>
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
      <Button type="submit" busy={busy} block>
        <FormattedMessage id={busy ? 'booking.rescheduling' : 'booking.reschedule.confirm'} />
      </Button>
    </Form>
  );
}
