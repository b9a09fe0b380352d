import { Suspense } from 'react';
import { FormattedMessage } from '../../../lib/i18n';
import type { BookerState } from '../hooks/useBooker';
import { BookingPage, CartLines, DetailsStep, RescheduleStep } from '../lazyParts';
import type { BookingPageData } from '../types';
import { BookerHeader } from './BookerHeader';
import { ArrowLeft } from '../../../components/Icons';
import { SelectedSlot } from './SelectedSlot';
import styles from '../Booker.module.css';

// StepColumns is the step after the time: the time chosen beside either
// the details form or, when rescheduling, the old and new times to confirm.
export function StepColumns({ data, b, start }: { data: BookingPageData; b: BookerState; start: string }) {
  const { calendar, location } = data;
  const { page, url, reschedule, failed, who, fmt } = b;
  const timeZone = b.prefs.timeZone;
  return (
    <div className={`${styles.booker} ${styles.twoCol}`} ref={b.refs.rootRef}>
      <aside className={styles.aside}>
        <a
          className={styles.back}
          href={url.href({ time: null })}
          onClick={(e) => {
            e.preventDefault();
            b.go.times();
          }}
        >
          <ArrowLeft />
          <FormattedMessage id="booking.back" />
        </a>
        <BookerHeader calendar={calendar} location={location} team={data.team ?? null} compact />
        {/* Moving a booking, the confirmation says the old and new times. */}
        {!reschedule && <SelectedSlot start={start} durationMinutes={calendar.durationMinutes} timeZone={timeZone} staffName={who.staffName} showStaff={who.staff.length > 1 || !!who.fixed} fmt={fmt} />}
        {data.cart && (
          <Suspense>
            <CartLines.Component items={data.cart.items} guestItems={data.cart.guestItems} currency={location.currency} />
          </Suspense>
        )}
      </aside>
      <div className={styles.main}>
        <Suspense>
          {b.step === 'details' ? (
            <>
              <h2 ref={b.refs.stepHeadingRef} tabIndex={-1} className={styles.stepTitle}>
                <FormattedMessage id="booking.details.title" />
              </h2>
              <DetailsStep.Component
                data={data}
                start={start}
                timeZone={timeZone}
                staffId={who.staffId}
                today={b.when.today}
                values={b.values}
                seed={b.detailsSeed}
                onValues={b.changeValues}
                action={b.here}
                failed={failed && (failed.fields || failed.code === 'series_taken' || page.status !== 409) ? failed : null}
                guestsHref={(rows) => url.href({ guests: String(rows) })}
                fmt={fmt}
                // Booking ends on the booking's own page: have its part at hand.
                onShown={BookingPage.preload}
              />
            </>
          ) : (
            <RescheduleStep.Component
              booking={reschedule!}
              start={start}
              timeZone={timeZone}
              fmt={fmt}
              action={b.here}
              formKey={data.formKey}
              failed={failed && page.status !== 409 ? failed.message : null}
            />
          )}
        </Suspense>
      </div>
    </div>
  );
}
