import { useEffect, useState } from 'react';
import { FormattedMessage, useIntl } from '../../../lib/i18n';
import { Field, inputClass } from '../../../components/Field';
import { usePage } from '../../../PageContext';
import type { BookingFormat } from '../../../lib/useBookingFormat';
import { fetchSeries, type SeriesAnswer } from '../lib/series';
import { repeatName } from '../lib/formValues';
import styles from './RepeatFields.module.css';

interface Props {
  calendar: string;
  start: string;
  timeZone: string;
  staffId: number | null;
  max: number; // the calendar's longest series
  every: string; // '' (does not repeat), 'week', '2weeks'
  count: string;
  error?: string;
  refresh: number; // bumped when a booking found a time taken meanwhile
  fmt: BookingFormat;
  onEvery: (v: string) => void;
  onCount: (v: string) => void;
}

// RepeatFields books the same time every week or every other week. Before
// booking, it finds the series' times and says which are taken ("finding
// recurring slots"); the server books the series all or nothing.
export function RepeatFields({ calendar, start, timeZone, staffId, max, every, count, error, refresh, fmt, onEvery, onCount }: Props) {
  const intl = useIntl();
  const page = usePage();
  const [answer, setAnswer] = useState<SeriesAnswer | null>(null);
  const [finding, setFinding] = useState(false);
  const n = Number(count);
  const valid = every !== '' && Number.isInteger(n) && n >= 2 && n <= max;

  useEffect(() => {
    if (!valid) {
      setAnswer(null);
      return;
    }
    const ctrl = new AbortController();
    setFinding(true);
    fetchSeries({ calendar, start, tz: timeZone, every, count: n, staff: staffId }, page.lang, ctrl.signal)
      .then((a) => !ctrl.signal.aborted && setAnswer(a))
      .catch(() => !ctrl.signal.aborted && setAnswer(null))
      .finally(() => !ctrl.signal.aborted && setFinding(false));
    return () => ctrl.abort();
  }, [calendar, start, timeZone, staffId, every, n, valid, refresh, page.lang]);

  return (
    <fieldset className={styles.repeat}>
      <legend className={styles.legend}>
        <FormattedMessage id="booking.repeat.label" />
      </legend>
      <div className={styles.row}>
        <Field label={<FormattedMessage id="booking.repeat.how" />}>
          {(c) => (
            <select {...c} className={inputClass} name={repeatName('every')} value={every} onChange={(e) => onEvery(e.target.value)}>
              <option value="">{intl.formatMessage({ id: 'booking.repeat.none' })}</option>
              <option value="week">{intl.formatMessage({ id: 'booking.repeat.week' })}</option>
              <option value="2weeks">{intl.formatMessage({ id: 'booking.repeat.twoWeeks' })}</option>
            </select>
          )}
        </Field>
        {every !== '' && (
          <Field label={<FormattedMessage id="booking.repeat.count" />} error={error}>
            {(c) => <input {...c} className={inputClass} type="number" inputMode="numeric" min={2} max={max} name={repeatName('count')} value={count} onChange={(e) => onCount(e.target.value)} />}
          </Field>
        )}
      </div>
      {finding && (
        <p className={styles.finding} role="status">
          <FormattedMessage id="booking.repeat.finding" />
        </p>
      )}
      {!finding && answer && (
        <ol className={styles.list} aria-label={intl.formatMessage({ id: 'booking.repeat.times' })}>
          {answer.occurrences.map((o) => (
            <li key={o.start} className={o.free ? styles.free : styles.taken}>
              <span suppressHydrationWarning>{intl.formatMessage({ id: 'booking.dateAtTime' }, { date: fmt.instantDate(o.start), time: fmt.time(o.start) })}</span>
              <span className={styles.state}>
                <FormattedMessage id={o.free ? 'booking.repeat.free' : 'booking.repeat.taken'} />
              </span>
            </li>
          ))}
        </ol>
      )}
    </fieldset>
  );
}
