import { useEffect, useId, useRef, useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { Button } from '../../../components/Button';
import { dateInZone, type IsoDate, type YearMonth } from '../../../lib/calendar';
import type { BookingFormat, HourCycle } from '../hooks/useBookingFormat';
import { HourCycleToggle } from './HourCycleToggle';
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
}

// TimesPanel lists the free times of the chosen day, a dozen at first and
// more on request, each labelled with its time and zone for screen readers.
export function TimesPanel(p: Props) {
  const headingId = useId();
  const { fmt } = p;
  return (
    <section className={styles.panel} aria-labelledby={headingId}>
      <div className={styles.head}>
        <h2 id={headingId} className={styles.heading} suppressHydrationWarning>
          {p.date ? fmt.dayHeading(p.date) : fmt.intl.formatMessage({ id: 'booking.times.title' })}
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
  if (p.monthEmpty) {
    return (
      <div className={styles.message}>
        <p suppressHydrationWarning>{fmt.intl.formatMessage({ id: 'slots.noneIn' }, { period: fmt.monthYear(p.month) })}</p>
        {p.next && <NextButton label={fmt.dayShort(dateInZone(p.next, p.timeZone))} onClick={() => p.onJumpToInstant(p.next!)} fmt={fmt} />}
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
          <NextButton label={fmt.dayShort(p.nextDay)} onClick={() => p.onJumpToDay(p.nextDay!)} fmt={fmt} />
        ) : (
          p.next && <NextButton label={fmt.dayShort(dateInZone(p.next, p.timeZone))} onClick={() => p.onJumpToInstant(p.next!)} fmt={fmt} />
        )}
      </div>
    );
  }
  return <SlotList key={p.date} {...p} />;
}

function NextButton({ label, onClick, fmt }: { label: string; onClick: () => void; fmt: BookingFormat }) {
  return (
    <Button variant="secondary" onClick={onClick} suppressHydrationWarning>
      {fmt.intl.formatMessage({ id: 'booking.nextAvailable' }, { date: label })}
    </Button>
  );
}

function SlotList({ times, fmt, focusSlot, onPick }: Props) {
  const start = focusSlot ? times.indexOf(focusSlot) : -1;
  const [shown, setShown] = useState(() => Math.max(PAGE_SIZE, Math.ceil((start + 1) / PAGE_SIZE) * PAGE_SIZE));
  const listRef = useRef<HTMLUListElement>(null);
  const focusIndex = useRef<number | null>(start >= 0 ? start : null);

  useEffect(() => {
    if (focusIndex.current === null) return;
    listRef.current?.querySelectorAll<HTMLButtonElement>('button')[focusIndex.current]?.focus();
    focusIndex.current = null;
  }, [shown]);

  const visible = times.slice(0, shown);
  const rest = times.length - visible.length;
  return (
    <>
      <ul ref={listRef} className={styles.list}>
        {visible.map((t) => (
          <li key={t}>
            <button
              type="button"
              className={styles.slot}
              data-slot={t}
              aria-label={fmt.intl.formatMessage({ id: 'booking.slot.label' }, { time: fmt.time(t), zone: fmt.zone(t) })}
              onClick={() => onPick(t)}
              suppressHydrationWarning
            >
              {fmt.time(t)}
            </button>
          </li>
        ))}
      </ul>
      {rest > 0 && (
        <Button
          variant="secondary"
          block
          className={styles.more}
          onClick={() => {
            focusIndex.current = shown;
            setShown((s) => s + PAGE_SIZE);
          }}
        >
          <FormattedMessage id="booking.times.loadMore" values={{ count: rest }} />
        </Button>
      )}
    </>
  );
}
