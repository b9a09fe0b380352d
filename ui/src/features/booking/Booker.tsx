import { Suspense } from 'react';
import { Alert } from '../../components/Alert';
import { FormattedMessage } from '../../lib/i18n';
import { StepColumns } from './components/StepColumns';
import { TimesStep } from './components/TimesStep';
import { useBooker } from './hooks/useBooker';
import { BookingDone } from './lazyParts';
import type { BookingPageData } from './types';
import styles from './Booker.module.css';

// Booker is the booking flow: date and time, then details (or, when
// rescheduling, a confirmation of the new time); the outcome is the
// booking's own page. Every step is in the URL (useBookerUrl), so Back,
// reload and a shared link land where the visitor was, and each step is a
// form that works before and without JavaScript: the server renders any
// step and answers the details form's post.
export function Booker({ data }: { data: BookingPageData }) {
  const b = useBooker(data);
  const { reschedule } = b;
  if (reschedule && !reschedule.canChange) {
    return (
      <div className={styles.booker}>
        {reschedule.status !== 'cancelled' && (
          <Alert>
            <FormattedMessage id="booking.error.linkExpired" />
          </Alert>
        )}
        <Suspense>
          <BookingDone.Component booking={reschedule} manage={false} />
        </Suspense>
      </div>
    );
  }
  if ((b.step === 'details' || b.step === 'confirm') && b.when.start) return <StepColumns data={data} b={b} start={b.when.start} />;
  return <TimesStep data={data} b={b} />;
}
