import { useId, useRef } from 'react';
import { FormattedMessage } from '../../../lib/i18n';
import { CalendarGrid } from '../../../components/CalendarGrid';
import { addMonths, dateInZone, type IsoDate, type Weekday, type YearMonth } from '../../../lib/calendar';
import type { BookingFormat } from '../../../lib/useBookingFormat';
import type { BookerChanges } from '../hooks/useBookerUrl';
import { ChevronLeft, ChevronRight } from '../../../components/Icons';
import { KeepParams } from './KeepParams';
import styles from './MonthCalendar.module.css';

interface Props {
  month: YearMonth;
  minMonth: YearMonth; // the current month: nothing earlier is shown
  today: IsoDate;
  selected: IsoDate | null;
  slots: Record<string, string[]>;
  firstDay: Weekday;
  timeZone: string;
  loading: boolean;
  // monthKnown: slots are those of this month (not the last month's, still
  // shown while this one loads).
  monthKnown: boolean;
  next: string | null;
  fmt: BookingFormat;
  onMonthChange: (m: YearMonth) => void;
  onSelect: (d: IsoDate) => void;
  onNextAvailable: (instant: string) => void;
  // The step's URL: the grid is a GET form to it, so it works without JavaScript.
  action: string;
  params: URLSearchParams;
  href: (changes: BookerChanges) => string;
  maxMonth?: YearMonth; // the booking window's last month: nothing later is offered
  hasTimes: boolean; // a day of the month from today has a free time (useBookerMonth's availableDays)
}

// MonthCalendar is the date step: the month, its navigation and the days
// with free times. A month without any says so and offers the next
// available day, wherever it is.
export function MonthCalendar(p: Props) {
  const headingId = useId();
  const wholeRef = useRef<HTMLInputElement>(null);
  const { fmt } = p;
  const count = (d: IsoDate) => p.slots[d]?.length ?? 0;
  const canGoBack = p.month > p.minMonth;
  const canGoOn = !p.maxMonth || p.month < p.maxMonth;
  const empty = p.monthKnown && !p.loading && !p.hasTimes;
  const turn = (m: YearMonth) => (e: { preventDefault: () => void }) => {
    e.preventDefault();
    p.onMonthChange(m);
  };
  const nextDate = p.next ? dateInZone(p.next, p.timeZone) : null;
  return (
    <section className={styles.calendar} aria-labelledby={headingId}>
      <form method="get" action={p.action} className={styles.form}>
      <KeepParams params={p.params} omit={['month', 'date', 'time', 'times']} />
      <div className={styles.nav}>
        <h2 id={headingId} className={styles.month} aria-live="polite" suppressHydrationWarning>
          {fmt.monthYear(p.month)}
        </h2>
        {/* A phone shows the chosen day's week, so its times are on the
            first screen; the whole month is a tick away, with or without
            JavaScript (CSS reads the box). No name: the month's form
            sends nothing of it. */}
        {!empty && (
          <label className={styles.whole}>
            <input ref={wholeRef} type="checkbox" className={styles.wholeBox} />
            <FormattedMessage id="booking.calendar.wholeMonth" />
          </label>
        )}
        <div className={styles.arrows}>
          <button
            type="submit"
            name="month"
            value={addMonths(p.month, -1)}
            className={styles.arrow}
            onClick={turn(addMonths(p.month, -1))}
            disabled={!canGoBack}
            aria-label={fmt.intl.formatMessage({ id: 'booking.calendar.previousMonth' })}
          >
            <ChevronLeft />
          </button>
          <button
            type="submit"
            name="month"
            value={addMonths(p.month, 1)}
            className={styles.arrow}
            onClick={turn(addMonths(p.month, 1))}
            disabled={!canGoOn}
            aria-label={fmt.intl.formatMessage({ id: 'booking.calendar.nextMonth' })}
          >
            <ChevronRight />
          </button>
        </div>
      </div>
      <div className={styles.gridWrap} data-weeks={empty ? undefined : 'one'}>
        <CalendarGrid
          month={p.month}
          firstDay={p.firstDay}
          locale={fmt.intl.locale}
          labelledBy={headingId}
          today={p.today}
          selected={p.selected}
          min={p.today}
          isAvailable={(d) => d >= p.today && count(d) > 0}
          dayLabel={(d) => fmt.intl.formatMessage({ id: 'booking.day.label' }, { date: fmt.dayLong(d), count: d >= p.today ? count(d) : 0 })}
          onSelect={p.onSelect}
          onMonthChange={p.onMonthChange}
          busy={p.loading}
          submitName="date"
          onLeaveWeek={() => {
            if (wholeRef.current) wholeRef.current.checked = true;
          }}
        />
        {empty && (
          <div className={styles.empty} role="status">
            <p className={styles.emptyText}>
              <FormattedMessage id="slots.noneThisMonth" />
            </p>
            {p.next && nextDate && (
              <a
                href={p.href({ month: nextDate.slice(0, 7), date: nextDate, time: null, times: null })}
                className={styles.nextButton}
                onClick={(e) => {
                  e.preventDefault();
                  p.onNextAvailable(p.next!);
                }}
                suppressHydrationWarning
              >
                {fmt.intl.formatMessage({ id: 'booking.nextAvailable' }, { date: fmt.dayShort(nextDate) })}
              </a>
            )}
          </div>
        )}
      </div>
      {p.loading && (
        <p className="visually-hidden" role="status">
          <FormattedMessage id="booking.findingSlots" />
        </p>
      )}
      </form>
    </section>
  );
}
