import { useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { addDays, addMonths, daysInMonth, isoWeekday, monthOf, monthWeeks, weekdayOrder, weekdaySample, type IsoDate, type Weekday, type YearMonth } from '../lib/calendar';
import { dateTimeFormat } from '../lib/intlCache';
import styles from './CalendarGrid.module.css';

export interface CalendarGridProps {
  month: YearMonth;
  firstDay: Weekday;
  locale: string;
  labelledBy: string; // the id of the month heading
  today: IsoDate;
  selected: IsoDate | null;
  // min: no day before it can be reached (the current day or month).
  min?: IsoDate;
  max?: IsoDate;
  isAvailable: (d: IsoDate) => boolean;
  dayLabel: (d: IsoDate) => string;
  onSelect: (d: IsoDate) => void;
  // onMonthChange: the keyboard moved focus into another month.
  onMonthChange: (m: YearMonth) => void;
  busy?: boolean;
  footer?: ReactNode;
  // submitName: inside a GET form, each available day submits itself as
  // this parameter, so the grid works before (or without) JavaScript.
  submitName?: string;
  // onLeaveWeek: the keyboard moved focus out of the current week (the
  // selected day's, else the first available day's), which a phone may
  // show alone (its row is marked data-current).
  onLeaveWeek?: () => void;
}

// CalendarGrid is a month as an ARIA grid: one tab stop, arrows move by
// day and week, Home/End to the week's ends, PageUp/PageDown by month;
// Enter or Space chooses. Days without availability stay focusable (so
// the arrows never skip silently) but cannot be chosen.
export function CalendarGrid(props: CalendarGridProps) {
  const { month, firstDay, locale, labelledBy, today, selected, min, max, isAvailable, dayLabel, onSelect, onMonthChange, busy, submitName, onLeaveWeek } = props;
  const [focusDate, setFocusDate] = useState<IsoDate | null>(null);
  const wantFocus = useRef(false);
  const tableRef = useRef<HTMLTableElement>(null);
  const weeks = monthWeeks(month, firstDay);
  const inMonth = (d: IsoDate | null) => !!d && monthOf(d) === month;

  const tabStop =
    (inMonth(focusDate) && focusDate) ||
    (inMonth(selected) && selected) ||
    (inMonth(today) && today) ||
    weeks.flat().find((d) => d && isAvailable(d)) ||
    `${month}-01`;
  const current = (inMonth(selected) && selected) || weeks.flat().find((d) => d && isAvailable(d)) || tabStop;
  const currentWeek = weeks.find((w) => w.includes(current)) ?? [];

  useEffect(() => {
    if (!wantFocus.current || !focusDate) return;
    const btn = tableRef.current?.querySelector<HTMLButtonElement>(`[data-date="${focusDate}"]`);
    if (btn) {
      wantFocus.current = false;
      btn.focus();
    }
  });

  const move = (from: IsoDate, to: IsoDate) => {
    if ((min && to < min) || (max && to > max)) return;
    wantFocus.current = true;
    setFocusDate(to);
    if (!currentWeek.includes(to)) onLeaveWeek?.();
    if (monthOf(to) !== monthOf(from)) onMonthChange(monthOf(to));
  };

  const onKeyDown = (e: KeyboardEvent<HTMLButtonElement>, d: IsoDate) => {
    const wd = isoWeekday(d);
    const col = (wd - firstDay + 7) % 7;
    let to: IsoDate | null = null;
    switch (e.key) {
      case 'ArrowRight':
        to = addDays(d, 1);
        break;
      case 'ArrowLeft':
        to = addDays(d, -1);
        break;
      case 'ArrowDown':
        to = addDays(d, 7);
        break;
      case 'ArrowUp':
        to = addDays(d, -7);
        break;
      case 'Home':
        to = addDays(d, -col);
        break;
      case 'End':
        to = addDays(d, 6 - col);
        break;
      case 'PageDown':
      case 'PageUp': {
        const m = addMonths(monthOf(d), e.key === 'PageDown' ? 1 : -1);
        const day = Math.min(Number(d.slice(8)), daysInMonth(m));
        to = `${m}-${String(day).padStart(2, '0')}`;
        break;
      }
      default:
        return;
    }
    e.preventDefault();
    if (to && min && to < min && monthOf(to) === monthOf(min)) to = min;
    if (to) move(d, to);
  };

  return (
    <table ref={tableRef} className={styles.grid} role="grid" aria-labelledby={labelledBy} aria-busy={busy || undefined}>
      <thead>
        <tr>
          {weekdayOrder(firstDay).map((w) => (
            <WeekdayHeader key={w} weekday={w} locale={locale} />
          ))}
        </tr>
      </thead>
      <tbody>
        {weeks.map((week, i) => (
          <tr key={i} data-current={week === currentWeek ? '' : undefined}>
            {week.map((d, j) => {
              if (!d) return <td key={j} className={styles.blank} />;
              const available = isAvailable(d);
              const isSelected = d === selected;
              const outOfRange = (min && d < min) || (max && d > max);
              const cls = [styles.day, available ? styles.available : styles.unavailable, isSelected ? styles.selected : '', d === today ? styles.today : '']
                .filter(Boolean)
                .join(' ');
              return (
                <td key={d} aria-selected={isSelected} className={styles.cell}>
                  <button
                    {...(submitName && available && !outOfRange ? { type: 'submit', name: submitName, value: d } : { type: 'button' })}
                    className={cls}
                    data-date={d}
                    tabIndex={d === tabStop ? 0 : -1}
                    aria-label={dayLabel(d)}
                    aria-current={d === today ? 'date' : undefined}
                    aria-disabled={!available || outOfRange ? true : undefined}
                    onClick={(e) => {
                      e.preventDefault();
                      setFocusDate(d);
                      if (available && !outOfRange) onSelect(d);
                    }}
                    onKeyDown={(e) => onKeyDown(e, d)}
                    suppressHydrationWarning
                  >
                    {Number(d.slice(8))}
                  </button>
                </td>
              );
            })}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

// The column header shows the short weekday and gives its full name to
// screen readers. Engines' ICU versions differ in short names ("man" and
// "man." in Danish), hence suppressHydrationWarning.
function WeekdayHeader({ weekday, locale }: { weekday: Weekday; locale: string }) {
  const t = weekdaySample(weekday);
  const long = dateTimeFormat(locale, { weekday: 'long', timeZone: 'UTC' }).format(t);
  const short = dateTimeFormat(locale, { weekday: 'short', timeZone: 'UTC' }).format(t);
  return (
    <th scope="col" abbr={long} className={styles.weekday} suppressHydrationWarning>
      {short}
    </th>
  );
}

