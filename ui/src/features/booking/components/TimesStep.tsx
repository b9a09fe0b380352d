import { Suspense } from 'react';
import { Alert } from '../../../components/Alert';
import { ContactWays } from '../../../components/ContactWays';
import { FormattedMessage } from '../../../lib/i18n';
import type { BookerState } from '../hooks/useBooker';
import { CartLines, DetailsStep, RescheduleStep } from '../lazyParts';
import type { BookingPageData } from '../types';
import { BookerHeader } from './BookerHeader';
import { ArrowLeft, RescheduleIcon } from '../../../components/Icons';
import { MonthCalendar } from './MonthCalendar';
import { StaffPicker } from './StaffPicker';
import { TimesPanel } from './TimesPanel';
import { TimeZonePicker } from './TimeZonePicker';
import styles from '../Booker.module.css';

// TimesStep is the booker's first step: the person (when there is a
// choice), the month with its free days, and the day's times; or, for a
// calendar paid online that its business cannot take payments for, that
// it cannot be booked online, before any time is picked.
export function TimesStep({ data, b }: { data: BookingPageData; b: BookerState }) {
  const { calendar, location } = data;
  const { url, reschedule, who, when, fmt } = b;
  const { timeZone, hourCycle } = b.prefs;
  const selected = when.selected;
  const times = selected ? (when.bySlotDate[selected] ?? []) : [];
  const nextStep = reschedule ? RescheduleStep : DetailsStep;
  const slots = when.slotsQ;
  return (
    <div className={styles.booker} ref={b.refs.rootRef}>
      {/* What is booked and with whom: beside the month and its times on a
          laptop, so both are on its first screen; above them on a phone. */}
      <div className={styles.intro}>
        {reschedule && (
          <div className={styles.reschedule} role="note">
            <RescheduleIcon />
            <div>
              <p className={styles.rescheduleTitle}>
                <FormattedMessage id="booking.reschedule.title" />
              </p>
              <p suppressHydrationWarning>
                {fmt.intl.formatMessage(
                  { id: 'booking.reschedule.current' },
                  { time: fmt.intl.formatMessage({ id: 'booking.dateAtTime' }, { date: fmt.instantDate(reschedule.start), time: fmt.time(reschedule.start) }) },
                )}
              </p>
            </div>
          </div>
        )}
        {data.cart?.menuHref && (
          <a className={styles.back} href={data.cart.menuHref}>
            <ArrowLeft />
            <FormattedMessage id="booking.menu.back" />
          </a>
        )}
        <BookerHeader calendar={calendar} location={location} team={data.team ?? null} staffName={who.fixed?.name ?? (reschedule && !who.allowAny ? reschedule.staff.name : null)} />
        {data.cart && (
          <Suspense>
            <CartLines.Component items={data.cart.items} guestItems={data.cart.guestItems} currency={location.currency} />
          </Suspense>
        )}
        {/* A service that cannot be booked online offers no person to choose: the choice would lead nowhere. */}
        {who.choosable && !data.paymentsOff && <StaffPicker staff={who.staff} value={who.staffId} allowAny={who.allowAny} onChange={b.go.staff} action={url.pathname} params={url.params} />}
      </div>
      {data.paymentsOff ? (
        <div className={styles.prompt} role="note">
          <FormattedMessage id="payment.notSetUp" values={{ business: location.name }} />
          <ContactWays ways={location.contact} />
        </div>
      ) : who.needsStaff ? (
        <p className={styles.prompt}>
          <FormattedMessage id="booking.staff.prompt" />
        </p>
      ) : (
        <div className={styles.picker}>
          <div className={styles.calendarCol}>
            <MonthCalendar
              month={when.month}
              minMonth={when.minMonth}
              maxMonth={when.maxMonth}
              today={when.today}
              selected={selected}
              slots={when.bySlotDate}
              hasTimes={when.availableDays.length > 0}
              firstDay={b.firstDay}
              timeZone={timeZone}
              loading={slots.loading}
              monthKnown={slots.current}
              next={slots.current ? (slots.slots?.next ?? null) : null}
              fmt={fmt}
              onMonthChange={b.go.month}
              onSelect={b.go.day}
              onNextAvailable={b.go.instant}
              action={url.pathname}
              params={url.params}
              href={url.href}
            />
          </div>
          {/* Pointing at the times is intent: fetch the next step's part. */}
          <div className={styles.timesCol} ref={b.refs.timesRef} onPointerEnter={nextStep.preload} onFocus={nextStep.preload} onTouchStart={nextStep.preload}>
            {(b.notice || (when.timeGone && !b.serverNotice)) && <Alert>{b.notice ?? fmt.intl.formatMessage({ id: 'booking.error.resourceUnavailable' })}</Alert>}
            <TimesPanel
              date={selected}
              month={when.month}
              times={times}
              monthEmpty={slots.current && when.availableDays.length === 0}
              loading={slots.loading && !(slots.slots && selected && times.length)}
              failed={slots.failed}
              nextDay={when.availableDays.find((d) => !!selected && d > selected) ?? null}
              next={slots.current ? (slots.slots?.next ?? null) : null}
              timeZone={timeZone}
              hourCycle={hourCycle}
              fmt={fmt}
              focusSlot={b.lastStart}
              onHourCycle={b.prefs.chooseHourCycle}
              onPick={b.go.slot}
              onJumpToDay={b.go.day}
              onJumpToInstant={b.go.instant}
              onRetry={slots.retry}
              action={url.pathname}
              params={url.params}
              href={url.href}
              showAll={url.params.get('times') === 'all'}
              seatsLeft={calendar.seats > 0 ? (slots.slots?.seats ?? undefined) : undefined}
            />
          </div>
          <div className={styles.zone}>
            <TimeZonePicker value={timeZone} onChange={b.prefs.chooseTimeZone} at={data.now} />
          </div>
        </div>
      )}
    </div>
  );
}
