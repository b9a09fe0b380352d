import { useEffect, useRef, useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { Button } from '../../components/Button';
import { dateInZone, monthOf, weekStartFor, type IsoDate, type YearMonth } from '../../lib/calendar';
import { usePage } from '../../PageContext';
import { BookerHeader, BusinessMark } from './components/BookerHeader';
import { Confirmation } from './components/Confirmation';
import { DetailsForm } from './components/DetailsForm';
import { AlertIcon, ArrowLeft, RescheduleIcon } from './components/Icons';
import { MonthCalendar } from './components/MonthCalendar';
import { RescheduleConfirm } from './components/RescheduleConfirm';
import { SelectedSlot } from './components/SelectedSlot';
import { StaffPicker } from './components/StaffPicker';
import { TimesPanel } from './components/TimesPanel';
import { TimeZonePicker } from './components/TimeZonePicker';
import { useBookerPreferences } from './hooks/useBookerPreferences';
import { useBookingFormat } from './hooks/useBookingFormat';
import { useMonthSlots } from './hooks/useMonthSlots';
import { hasPinnedTimeZone } from './lib/format';
import { EMPTY_DETAILS, type DetailsValues } from './lib/validation';
import type { BookingPageData, BookingView } from './types';
import styles from './Booker.module.css';

type Step = { name: 'times' } | { name: 'details'; start: string } | { name: 'confirm'; start: string } | { name: 'done'; booking: BookingView };

// Booker is the booking flow on one page: date and time, then details (or,
// when rescheduling, a confirmation of the new time), then the outcome. The
// URL never changes, so the page's payload stays the one it was opened with.
export function Booker({ data }: { data: BookingPageData }) {
  const page = usePage();
  const { calendar, location } = data;
  const reschedule = data.reschedule ?? null;
  const prefs = useBookerPreferences({ initialTimeZone: data.timeZone, lang: page.lang, pinned: hasPinnedTimeZone(page.path) });
  const { timeZone, hourCycle } = prefs;
  const fmt = useBookingFormat(timeZone, hourCycle);
  const firstDay = weekStartFor(page.lang);

  // Who: a fixed person, the only person, or a choice ("any" unless the
  // calendar wants a named person). A reschedule keeps the person when the
  // calendar names people (the server moves it only within that person's
  // time). The server rendered the times of the fixed person, or of anyone.
  const staff = calendar.staff ?? [];
  const fixed = calendar.fixedStaff ?? (staff.length === 1 ? staff[0] : null);
  const allowAny = calendar.staffMode !== 'named';
  const choosable = !fixed && staff.length > 1 && !reschedule;
  const renderedStaff = calendar.fixedStaff?.id ?? null;
  const initialStaff = renderedStaff ?? (allowAny ? null : (reschedule?.staff.id ?? (staff.length === 1 ? staff[0].id : null)));
  const [staffId, setStaffId] = useState<number | null>(initialStaff);
  const needsStaff = !allowAny && staffId === null;
  const staffName = staffId != null ? (staff.find((s) => s.id === staffId)?.name ?? fixed?.name ?? null) : (fixed?.name ?? null);

  const today = dateInZone(data.now, timeZone);
  const minMonth = monthOf(today);
  const [shownMonth, setMonth] = useState<YearMonth>(data.month);
  // A zone further east can already be in the next month.
  const month = shownMonth < minMonth ? minMonth : shownMonth;
  const slotsQ = useMonthSlots({
    calendar: calendar.slug,
    lang: page.lang,
    enabled: !needsStaff,
    month,
    timeZone,
    staff: staffId,
    initial: { month: data.month, timeZone: data.timeZone, staff: renderedStaff, slots: data.slots },
  });
  const bySlotDate = slotsQ.slots?.slots ?? {};
  const availableDays = Object.keys(bySlotDate)
    .filter((d) => monthOf(d) === month && d >= today && bySlotDate[d].length > 0)
    .sort();
  const [pickedDate, setPickedDate] = useState<IsoDate | null>(null);
  const selected = pickedDate && monthOf(pickedDate) === month ? pickedDate : (availableDays[0] ?? null);

  const [step, setStep] = useState<Step>({ name: 'times' });
  const [values, setValues] = useState<DetailsValues>(EMPTY_DETAILS);
  const [notice, setNotice] = useState<string | null>(null);
  const [lastStart, setLastStart] = useState<string | null>(null);
  const rootRef = useRef<HTMLDivElement>(null);
  const stepHeadingRef = useRef<HTMLHeadingElement>(null);
  const timesRef = useRef<HTMLDivElement>(null);

  // A new step starts at its top, with focus on its heading.
  const firstRender = useRef(true);
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    if (step.name === 'details') stepHeadingRef.current?.focus();
    if (step.name !== 'times') rootRef.current?.scrollIntoView?.({ block: 'start' });
  }, [step.name]);

  const changeMonth = (m: YearMonth) => {
    if (m < minMonth) return;
    setMonth(m);
    setPickedDate(null);
  };
  const pickDay = (d: IsoDate) => {
    setPickedDate(d);
    // On a phone the times are below the calendar: bring them into view.
    if (typeof window !== 'undefined' && window.matchMedia?.('(max-width: 767px)').matches) {
      timesRef.current?.scrollIntoView?.({ behavior: 'smooth', block: 'start' });
    }
  };
  const jumpTo = (instant: string) => {
    const d = dateInZone(instant, timeZone);
    setMonth(monthOf(d));
    setPickedDate(d);
  };
  const pickSlot = (start: string) => {
    setNotice(null);
    setLastStart(start);
    setStep(reschedule ? { name: 'confirm', start } : { name: 'details', start });
  };
  const backToTimes = () => setStep({ name: 'times' });
  const slotTaken = (message: string) => {
    setNotice(message);
    setStep({ name: 'times' });
    slotsQ.refresh();
  };
  const finished = (b: BookingView) => setStep({ name: 'done', booking: b });

  if (reschedule && !reschedule.canChange) {
    return (
      <div className={styles.booker}>
        <Alert>
          <FormattedMessage id="booking.error.linkExpired" />
        </Alert>
        <Confirmation booking={reschedule} manage={false} />
      </div>
    );
  }

  if (step.name === 'done') {
    return (
      <div className={styles.booker} ref={rootRef}>
        <BusinessMark location={location} />
        <Confirmation booking={step.booking} focus />
      </div>
    );
  }

  if (step.name === 'details' || step.name === 'confirm') {
    return (
      <div className={`${styles.booker} ${styles.twoCol}`} ref={rootRef}>
        <aside className={styles.aside}>
          <Button variant="ghost" className={styles.back} onClick={backToTimes}>
            <ArrowLeft />
            <FormattedMessage id="booking.back" />
          </Button>
          <BookerHeader calendar={calendar} location={location} compact />
          <SelectedSlot start={step.start} durationMinutes={calendar.durationMinutes} timeZone={timeZone} staffName={staffName} showStaff={!reschedule && (staff.length > 1 || !!fixed)} fmt={fmt} />
        </aside>
        <div className={styles.main}>
          {step.name === 'details' ? (
            <>
              <h2 ref={stepHeadingRef} tabIndex={-1} className={styles.stepTitle}>
                <FormattedMessage id="booking.details.title" />
              </h2>
              <DetailsForm
                data={data}
                start={step.start}
                timeZone={timeZone}
                staffId={staffId}
                today={today}
                values={values}
                onValues={setValues}
                onBooked={finished}
                onSlotTaken={slotTaken}
              />
            </>
          ) : (
            <RescheduleConfirm
              booking={reschedule!}
              token={data.token ?? ''}
              start={step.start}
              timeZone={timeZone}
              fmt={fmt}
              onDone={finished}
              onSlotTaken={slotTaken}
              onBack={backToTimes}
            />
          )}
        </div>
      </div>
    );
  }

  const times = selected ? (bySlotDate[selected] ?? []) : [];
  return (
    <div className={styles.booker} ref={rootRef}>
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
      <BookerHeader calendar={calendar} location={location} staffName={fixed?.name ?? (reschedule && !allowAny ? reschedule.staff.name : null)} />
      {choosable && <StaffPicker staff={staff} value={staffId} allowAny={allowAny} onChange={setStaffId} />}
      {needsStaff ? (
        <p className={styles.prompt}>
          <FormattedMessage id="booking.staff.prompt" />
        </p>
      ) : (
        <div className={styles.picker}>
          <div className={styles.calendarCol}>
            <MonthCalendar
              month={month}
              minMonth={minMonth}
              today={today}
              selected={selected}
              slots={bySlotDate}
              firstDay={firstDay}
              timeZone={timeZone}
              loading={slotsQ.loading}
              monthKnown={slotsQ.current}
              next={slotsQ.current ? (slotsQ.slots?.next ?? null) : null}
              fmt={fmt}
              onMonthChange={changeMonth}
              onSelect={pickDay}
              onNextAvailable={jumpTo}
            />
            <TimeZonePicker value={timeZone} onChange={prefs.chooseTimeZone} at={data.now} />
          </div>
          <div className={styles.timesCol} ref={timesRef}>
            {notice && <Alert>{notice}</Alert>}
            <TimesPanel
              date={selected}
              month={month}
              times={times}
              monthEmpty={slotsQ.current && availableDays.length === 0}
              loading={slotsQ.loading && !(slotsQ.slots && selected && times.length)}
              failed={slotsQ.failed}
              nextDay={availableDays.find((d) => !!selected && d > selected) ?? null}
              next={slotsQ.current ? (slotsQ.slots?.next ?? null) : null}
              timeZone={timeZone}
              hourCycle={hourCycle}
              fmt={fmt}
              focusSlot={lastStart}
              onHourCycle={prefs.chooseHourCycle}
              onPick={pickSlot}
              onJumpToDay={setPickedDate}
              onJumpToInstant={jumpTo}
              onRetry={slotsQ.retry}
            />
          </div>
        </div>
      )}
    </div>
  );
}

function Alert({ children }: { children: React.ReactNode }) {
  return (
    <div className={styles.alert} role="alert">
      <AlertIcon />
      <p>{children}</p>
    </div>
  );
}
