import { Suspense, useEffect, useRef, useState } from 'react';
import { FormattedMessage } from '../../lib/i18n';
import { useNavigate } from '../../lib/router';
import { dateInZone, isValidIsoDate, monthOf, weekStartFor, type IsoDate, type YearMonth } from '../../lib/calendar';
import { usePage } from '../../PageContext';
import { BookerHeader } from './components/BookerHeader';
import { Alert } from '../../components/Alert';
import { ArrowLeft, RescheduleIcon } from './components/Icons';
import { MonthCalendar } from './components/MonthCalendar';
import { SelectedSlot } from './components/SelectedSlot';
import { StaffPicker } from './components/StaffPicker';
import { TimesPanel } from './components/TimesPanel';
import { TimeZonePicker } from './components/TimeZonePicker';
import { useBookerPreferences } from './hooks/useBookerPreferences';
import { useBookerUrl } from './hooks/useBookerUrl';
import { useBookingFormat } from './hooks/useBookingFormat';
import { useMonthSlots } from './hooks/useMonthSlots';
import { BookingDone, BookingPage, CartLines, DetailsStep, RescheduleStep } from './lazyParts';
import { hasPinnedTimeZone } from './lib/format';
import { detailsFromForm } from './lib/formValues';
import { EMPTY_DETAILS, type DetailsValues } from './lib/detailsValues';
import type { BookingPageData, BookingView } from './types';
import styles from './Booker.module.css';

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

// Booker is the booking flow: date and time, then details (or, when
// rescheduling, a confirmation of the new time); the outcome is the
// booking's own page. Every step is in the URL (useBookerUrl), so Back,
// reload and a shared link land where the visitor was, and each step is a
// form that works before and without JavaScript: the server renders any
// step and answers the details form's post.
export function Booker({ data }: { data: BookingPageData }) {
  const page = usePage();
  const navigate = useNavigate();
  const url = useBookerUrl();
  const { calendar, location } = data;
  const reschedule = data.reschedule ?? null;
  const prefs = useBookerPreferences({ initialTimeZone: data.timeZone, lang: page.lang, pinned: hasPinnedTimeZone(page.path) });
  const { timeZone, hourCycle } = prefs;
  const fmt = useBookingFormat(timeZone, hourCycle);
  const firstDay = weekStartFor(page.lang);
  const here = url.pathname + url.search;

  // Who: a fixed person, the only person, or a choice ("any" unless the
  // calendar wants a named person). A reschedule keeps the person when the
  // calendar names people (the server moves it only within that person's
  // time). The server rendered the times of data.slotsStaff.
  const staff = calendar.staff ?? [];
  // A collective calendar meets everyone at once: nobody to choose.
  const together = calendar.staffMode === 'collective';
  const everyone = together ? { id: staff[0]?.id ?? 0, name: fmt.intl.formatList(staff.map((s) => s.name), { type: 'conjunction' }) } : null;
  const fixed = calendar.fixedStaff ?? everyone ?? (staff.length === 1 ? staff[0] : null);
  const allowAny = calendar.staffMode !== 'named';
  const choosable = !fixed && staff.length > 1 && !reschedule;
  const renderedStaff = data.slotsStaff || null;
  const asked = Number(url.params.get('staff'));
  const staffId: number | null =
    calendar.fixedStaff?.id ??
    (reschedule && !allowAny ? reschedule.staff.id : null) ??
    (choosable && staff.some((s) => s.id === asked) ? asked : null) ??
    (!allowAny && staff.length === 1 ? staff[0].id : null);
  const needsStaff = !allowAny && staffId === null;
  const staffName = staffId != null ? (staff.find((s) => s.id === staffId)?.name ?? fixed?.name ?? null) : (fixed?.name ?? null);

  const today = dateInZone(data.now, timeZone);
  const minMonth = monthOf(today);
  const lastDay = dateInZone(new Date(new Date(data.now).getTime() + calendar.windowDays * 86400000).toISOString(), timeZone);
  const maxMonth = monthOf(lastDay);
  const askedDate = url.params.get('date') ?? '';
  const askedMonth = url.params.get('month') ?? '';
  const shownMonth: YearMonth = MONTH.test(askedMonth) ? askedMonth : isValidIsoDate(askedDate) ? monthOf(askedDate) : data.month;
  // A zone further east can already be in the next month.
  const month = shownMonth < minMonth ? minMonth : shownMonth > maxMonth ? maxMonth : shownMonth;
  const cart = data.cart ? { menu: data.cart.menu, raw: data.cart.raw } : undefined;
  const slotsQ = useMonthSlots({
    calendar: calendar.slug,
    cart,
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
  const picked = isValidIsoDate(askedDate) && monthOf(askedDate) === month ? askedDate : null;
  const selected = picked ?? availableDays[0] ?? null;

  // The time step: ?time= names a start; while the month's times are known,
  // one that is no longer free sends the visitor back to the times.
  const askedTime = url.params.get('time');
  const timeDate = askedTime && !Number.isNaN(Date.parse(askedTime)) ? dateInZone(askedTime, timeZone) : null;
  const timeGone = !!askedTime && slotsQ.current && !(timeDate && (bySlotDate[timeDate] ?? []).includes(askedTime));
  const start = askedTime && timeDate && !timeGone ? askedTime : null;

  const failed = page.action ?? null;
  // A visit with guests' own services asks for each of those guests.
  const cartGuests = data.cart?.guestItems.length ?? 0;
  const [values, setValues] = useState<DetailsValues>(() =>
    initialValues(failed?.values, cartGuests ? String(cartGuests) : url.params.get('guests'), cartGuests || (calendar.maxSeatsPerBooking ?? 1) - 1),
  );
  // A post the server refused because the time was taken (409) comes back
  // to the times, with why.
  const serverNotice = failed && !failed.fields && page.status === 409 ? failed.message : null;
  const [notice, setNotice] = useState<string | null>(serverNotice);
  const [lastStart, setLastStart] = useState<string | null>(null);
  const rootRef = useRef<HTMLDivElement>(null);
  const stepHeadingRef = useRef<HTMLHeadingElement>(null);
  const timesRef = useRef<HTMLDivElement>(null);
  const step = start && !serverNotice ? (reschedule ? 'confirm' : 'details') : 'times';

  // A new step starts at its top, with focus on its heading.
  const firstRender = useRef(true);
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    if (step === 'details') stepHeadingRef.current?.focus();
    if (step !== 'times') rootRef.current?.scrollIntoView?.({ block: 'start' });
  }, [step]);

  const changeMonth = (m: YearMonth) => {
    if (m < minMonth || m > maxMonth) return;
    url.go({ month: m, date: null, time: null, times: null }, { replace: true });
  };
  const pickDay = (d: IsoDate) => {
    url.go({ month: monthOf(d), date: d, time: null, times: null });
    // On a phone the times are below the calendar: bring them into view.
    if (typeof window !== 'undefined' && window.matchMedia?.('(max-width: 767px)').matches) {
      timesRef.current?.scrollIntoView?.({ behavior: 'smooth', block: 'start' });
    }
  };
  const jumpTo = (instant: string) => {
    const d = dateInZone(instant, timeZone);
    url.go({ month: monthOf(d), date: d, time: null, times: null });
  };
  const pickStaff = (id: number | null) => url.go({ staff: id == null ? null : String(id), time: null });
  const pickSlot = (t: string) => {
    setNotice(null);
    setLastStart(t);
    url.go({ month, date: dateInZone(t, timeZone), time: t });
  };
  const backToTimes = () => url.go({ time: null });
  const slotTaken = (message: string) => {
    setNotice(message);
    url.go({ time: null }, { replace: true });
    slotsQ.refresh();
  };
  const setGuests = (v: DetailsValues) => {
    setValues(v);
    if (v.guests.length !== values.guests.length) url.go({ guests: v.guests.length ? String(v.guests.length) : null }, { replace: true });
  };
  // The outcome is the booking's own page: reload and share it as it is.
  const finished = (b: BookingView) => navigate(b.manageUrl, { state: { booked: true } });

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

  if ((step === 'details' || step === 'confirm') && start) {
    return (
      <div className={`${styles.booker} ${styles.twoCol}`} ref={rootRef}>
        <aside className={styles.aside}>
          <a
            className={styles.back}
            href={url.href({ time: null })}
            onClick={(e) => {
              e.preventDefault();
              backToTimes();
            }}
          >
            <ArrowLeft />
            <FormattedMessage id="booking.back" />
          </a>
          <BookerHeader calendar={calendar} location={location} team={data.team ?? null} compact />
          <SelectedSlot start={start} durationMinutes={calendar.durationMinutes} timeZone={timeZone} staffName={staffName} showStaff={!reschedule && (staff.length > 1 || !!fixed)} fmt={fmt} />
          {data.cart && (
            <Suspense>
              <CartLines.Component items={data.cart.items} guestItems={data.cart.guestItems} currency={location.currency} />
            </Suspense>
          )}
        </aside>
        <div className={styles.main}>
          <Suspense>
          {step === 'details' ? (
            <>
              <h2 ref={stepHeadingRef} tabIndex={-1} className={styles.stepTitle}>
                <FormattedMessage id="booking.details.title" />
              </h2>
              <DetailsStep.Component
                data={data}
                start={start}
                timeZone={timeZone}
                staffId={staffId}
                today={today}
                values={values}
                onValues={setGuests}
                onBooked={finished}
                onSlotTaken={slotTaken}
                action={here}
                failed={failed && failed.fields ? failed : failed && page.status !== 409 ? failed : null}
                guestsAddHref={url.href({ guests: String(values.guests.length + 1) })}
                fmt={fmt}
                // Booking ends on the booking's own page: have its part at hand.
                onShown={BookingPage.preload}
              />
            </>
          ) : (
            <RescheduleStep.Component
              booking={reschedule!}
              token={data.token ?? ''}
              start={start}
              timeZone={timeZone}
              fmt={fmt}
              onDone={finished}
              onSlotTaken={slotTaken}
              onBack={backToTimes}
              action={here}
              formKey={data.formKey}
              backHref={url.href({ time: null })}
              failed={failed && page.status !== 409 ? failed.message : null}
            />
          )}
          </Suspense>
        </div>
      </div>
    );
  }

  const times = selected ? (bySlotDate[selected] ?? []) : [];
  const nextStep = reschedule ? RescheduleStep : DetailsStep;
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
      {data.cart && (
        <a className={styles.back} href={data.cart.menuHref}>
          <ArrowLeft />
          <FormattedMessage id="booking.menu.back" />
        </a>
      )}
      <BookerHeader calendar={calendar} location={location} team={data.team ?? null} staffName={fixed?.name ?? (reschedule && !allowAny ? reschedule.staff.name : null)} />
      {data.cart && (
            <Suspense>
              <CartLines.Component items={data.cart.items} guestItems={data.cart.guestItems} currency={location.currency} />
            </Suspense>
          )}
      {choosable && <StaffPicker staff={staff} value={staffId} allowAny={allowAny} onChange={pickStaff} action={url.pathname} params={url.params} />}
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
              maxMonth={maxMonth}
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
              action={url.pathname}
              params={url.params}
              href={url.href}
            />
            <TimeZonePicker value={timeZone} onChange={prefs.chooseTimeZone} at={data.now} />
          </div>
          {/* Pointing at the times is intent: fetch the next step's part. */}
          <div className={styles.timesCol} ref={timesRef} onPointerEnter={nextStep.preload} onFocus={nextStep.preload} onTouchStart={nextStep.preload}>
            {(notice || (timeGone && !serverNotice)) && <Alert>{notice ?? fmt.intl.formatMessage({ id: 'booking.error.resourceUnavailable' })}</Alert>}
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
              onJumpToDay={pickDay}
              onJumpToInstant={jumpTo}
              onRetry={slotsQ.retry}
              action={url.pathname}
              params={url.params}
              href={url.href}
              showAll={url.params.get('times') === 'all'}
              seatsLeft={calendar.seats > 0 ? (slotsQ.slots?.seats ?? undefined) : undefined}
            />
          </div>
        </div>
      )}
    </div>
  );
}

// initialValues: what a refused post sent (the server rendered the page
// again), else empty, with as many guest rows as the URL asks for.
function initialValues(sent: Record<string, string> | undefined, guests: string | null, maxGuests: number): DetailsValues {
  if (sent) return detailsFromForm(sent);
  const rows = Math.min(Math.max(Number(guests) || 0, 0), Math.max(maxGuests, 0));
  return { ...EMPTY_DETAILS, guests: Array.from({ length: rows }, () => ({ name: '', email: '' })) };
}
