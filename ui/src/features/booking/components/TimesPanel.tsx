import { useEffect, useId, useRef, useState } from 'react';
import { FormattedMessage } from '../../../lib/i18n';
import { Button } from '../../../components/Button';
import { dateInZone, type IsoDate, type YearMonth } from '../../../lib/calendar';
import type { BookerChanges } from '../hooks/useBookerUrl';
import type { BookingFormat, HourCycle } from '../../../lib/useBookingFormat';
import { HourCycleToggle } from './HourCycleToggle';
import { KeepParams } from './KeepParams';
import styles from './TimesPanel.module.css';

export const PAGE_SIZE = 12;

interface Props {
  date: IsoDate | null;
  month: YearMonth;
  times: string[]; // the chosen day's free starts
  monthEmpty: boolean;
  loading: boolean;
  failed: boolean;
  // nextDay: the next day with free times after the chosen one, if any;
  // next: the first free time after the month.
  nextDay: IsoDate | null;
  next: string | null;
  timeZone: string;
  hourCycle: HourCycle;
  fmt: BookingFormat;
  // focusSlot: the time to give focus to (coming back from the details).
  focusSlot?: string | null;
  onHourCycle: (hc: HourCycle) => void;
  onPick: (start: string) => void;
  onJumpToDay: (d: IsoDate) => void;
  onJumpToInstant: (instant: string) => void;
  onRetry: () => void;
  // The step's URL: times are a GET form to it, so they work without JavaScript.
  action: string;
  params: URLSearchParams;
  href: (changes: BookerChanges) => string;
  showAll: boolean; // ?times=all: every time of the day
  seatsLeft?: Record<string, number>; // a class's seats left per start
}

// TimesPanel lists the free times of the chosen day, a dozen at first and
// more on request, each labelled with its time and zone for screen readers.
export function TimesPanel(p: Props) {
  const headingId = useId();
  const { fmt } = p;
  // A month without times is said once, over the calendar (MonthCalendar).
  if (p.monthEmpty && !p.failed && !p.loading) return null;
  return (
    <section className={styles.panel} aria-labelledby={headingId}>
      <div className={styles.head}>
        <h2 id={headingId} className={styles.heading} suppressHydrationWarning>
          {p.date ? (
            <>
              {/* A phone says the day short, beside the 12/24 h choice. */}
              <span className={styles.long}>{fmt.dayHeading(p.date)}</span>
              <span className={styles.short}>{fmt.dayShort(p.date)}</span>
            </>
          ) : (
            fmt.intl.formatMessage({ id: 'booking.times.title' })
          )}
        </h2>
        <HourCycleToggle value={p.hourCycle} onChange={p.onHourCycle} />
      </div>
      <Body {...p} />
    </section>
  );
}

function Body(p: Props) {
  const { fmt } = p;
  if (p.failed) {
    return (
      <div className={styles.message} role="alert">
        <p>
          <FormattedMessage id="booking.error.slotsFailed" />
        </p>
        <Button variant="secondary" onClick={p.onRetry}>
          <FormattedMessage id="booking.retry" />
        </Button>
      </div>
    );
  }
  if (p.loading) {
    return (
      <div aria-hidden="true" className={styles.skeleton}>
        {Array.from({ length: 6 }, (_, i) => (
          <span key={i} className={styles.bone} />
        ))}
      </div>
    );
  }
  if (!p.date) {
    return (
      <p className={styles.hint}>
        <FormattedMessage id="booking.times.pickDay" />
      </p>
    );
  }
  if (p.times.length === 0) {
    return (
      <div className={styles.message}>
        <p>
          <FormattedMessage id="slots.none" />
        </p>
        {p.nextDay ? (
          <NextButton p={p} date={p.nextDay} onClick={() => p.onJumpToDay(p.nextDay!)} />
        ) : (
          p.next && <NextButton p={p} date={dateInZone(p.next, p.timeZone)} onClick={() => p.onJumpToInstant(p.next!)} />
        )}
      </div>
    );
  }
  return <SlotList key={p.date} {...p} />;
}

// NextButton jumps to the next day with times: a link to that step, so it
// works without JavaScript.
function NextButton({ p, date, onClick }: { p: Props; date: IsoDate; onClick: () => void }) {
  return (
    <a
      className={styles.next}
      href={p.href({ month: date.slice(0, 7), date, time: null, times: null })}
      onClick={(e) => {
        e.preventDefault();
        onClick();
      }}
      suppressHydrationWarning
    >
      {p.fmt.intl.formatMessage({ id: 'booking.nextAvailable' }, { date: p.fmt.dayShort(date) })}
    </a>
  );
}

function SlotList({ times, fmt, focusSlot, onPick, action, params, date, showAll, seatsLeft }: Props) {
  const start = focusSlot ? times.indexOf(focusSlot) : -1;
  const [shown, setShown] = useState(() => (showAll ? times.length : Math.max(PAGE_SIZE, Math.ceil((start + 1) / PAGE_SIZE) * PAGE_SIZE)));
  const listRef = useRef<HTMLUListElement>(null);
  const focusIndex = useRef<number | null>(start >= 0 ? start : null);

  useEffect(() => {
    if (focusIndex.current === null) return;
    listRef.current?.querySelectorAll<HTMLButtonElement>('button')[focusIndex.current]?.focus();
    focusIndex.current = null;
  }, [shown]);

  const visible = times.slice(0, shown);
  const rest = times.length - visible.length;
  const seatsText = (t: string) => (seatsLeft && seatsLeft[t] != null ? fmt.intl.formatMessage({ id: 'booking.seatsLeft' }, { count: seatsLeft[t] }) : null);
  return (
    <form method="get" action={action}>
      <KeepParams params={params} omit={['date', 'month', 'time', 'times']} />
      {date && <input type="hidden" name="date" value={date} />}
      <ul ref={listRef} className={styles.list}>
        {visible.map((t) => {
          const seats = seatsText(t);
          return (
            <li key={t}>
              <button
                type="submit"
                name="time"
                value={t}
                className={styles.slot}
                data-slot={t}
                aria-label={fmt.intl.formatMessage({ id: 'booking.slot.label' }, { time: seats ? `${fmt.time(t)} ${seats}` : fmt.time(t), zone: fmt.zone(t) })}
                onClick={(e) => {
                  e.preventDefault();
                  onPick(t);
                }}
                suppressHydrationWarning
              >
                {fmt.time(t)}
                {/* The places left are part of the time's name, shown under it. */}
                {seats && <span className={styles.seats}> {seats}</span>}
              </button>
            </li>
          );
        })}
      </ul>
      {rest > 0 && (
        <Button
          type="submit"
          name="times"
          value="all"
          variant="secondary"
          block
          className={styles.more}
          onClick={(e) => {
            e.preventDefault();
            focusIndex.current = shown;
            setShown((s) => s + PAGE_SIZE);
          }}
        >
          <FormattedMessage id="booking.times.loadMore" values={{ count: rest }} />
        </Button>
      )}
    </form>
  );
}
