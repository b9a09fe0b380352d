import { useEffect, useState } from 'react';
import { Form, Link } from 'react-router';
import { Button } from '../../components/Button';
import type { AdminCalendarColumn, AdminCalendarPageData } from '../../generated/web';
import { FormattedMessage, useIntl, type IntlShape } from '../../lib/i18n';
import { usePage } from '../../PageContext';
import { href } from '../../routes';
import { useFresh } from './useFresh';
import { useHydrated } from './hydrated';
import { dateTimeFormat } from '../../lib/intlCache';
import { dayKey, timeRange } from './when';
import styles from './Calendar.module.css';

// CalendarScreen: route adminCalendar, a day or a week of one person or
// everyone side by side. A laptop shows a day as a time grid, a person a
// column; a phone shows it as a list, and a week is a list a day. The
// question is the address: the controls are a GET form, the days links.
// With a service chosen its free times show, each a link that books it
// for a client (adminNewBooking).
export function CalendarScreen() {
  const page = usePage<AdminCalendarPageData>();
  const intl = useIntl();
  const d = page.data;
  useFresh();
  const here = href('adminCalendar', page.locale);
  const query = (change: Record<string, string>) => {
    const q: Record<string, string> = { view: d.view, date: d.date, staff: d.staff, book: d.book, tz: d.timeZone === d.frame.business.timeZone ? '' : d.timeZone, ...change };
    return Object.fromEntries(Object.entries(q).filter(([, v]) => v));
  };
  const step = d.view === 'week' ? 7 : 1;
  const days = daysOf(d.from, d.to);
  const mine = useBrowserZone();
  // The grid places its blocks with inline styles, which the page's
  // Content-Security-Policy refuses in HTML but not from a script: it is
  // drawn once hydrated, and until then (and without JavaScript) a day is
  // the list a phone shows.
  const hydrated = useHydrated();
  return (
    <section>
      <h1 className={styles.title}>
        <FormattedMessage id="admin.calendar.heading" />
      </h1>
      <nav className={styles.dates} aria-label={intl.formatMessage({ id: 'admin.calendar.dates' })}>
        <Link to={href('adminCalendar', page.locale, {}, { query: query({ date: shift(d.date, -step) }) })}>
          <FormattedMessage id={d.view === 'week' ? 'admin.calendar.prevWeek' : 'admin.calendar.prevDay'} />
        </Link>
        <Link to={href('adminCalendar', page.locale, {}, { query: query({ date: d.today }) })} aria-current={d.date === d.today ? 'page' : undefined}>
          <FormattedMessage id="admin.calendar.today" />
        </Link>
        <Link to={href('adminCalendar', page.locale, {}, { query: query({ date: shift(d.date, step) }) })}>
          <FormattedMessage id={d.view === 'week' ? 'admin.calendar.nextWeek' : 'admin.calendar.nextDay'} />
        </Link>
        <span className={styles.range}>{rangeLabel(intl, d.from, d.to)}</span>
      </nav>
      <Form method="get" action={here} className={styles.controls}>
        <input type="hidden" name="date" value={d.date} />
        {d.timeZone !== d.frame.business.timeZone && <input type="hidden" name="tz" value={d.timeZone} />}
        <label className={styles.control}>
          <span>
            <FormattedMessage id="admin.calendar.view" />
          </span>
          <select name="view" defaultValue={d.view}>
            <option value="day">{intl.formatMessage({ id: 'admin.calendar.day' })}</option>
            <option value="week">{intl.formatMessage({ id: 'admin.calendar.week' })}</option>
          </select>
        </label>
        {d.people.length > 1 && (
          <label className={styles.control}>
            <span>
              <FormattedMessage id="admin.why.person" />
            </span>
            <select name="staff" defaultValue={d.staff}>
              <option value="">{intl.formatMessage({ id: 'admin.calendar.everyone' })}</option>
              {d.people.map((p) => (
                <option key={p.slug} value={p.slug}>
                  {p.name}
                </option>
              ))}
            </select>
          </label>
        )}
        <label className={styles.control}>
          <span>
            <FormattedMessage id="admin.calendar.freeFor" />
          </span>
          <select name="book" defaultValue={d.book}>
            <option value="">—</option>
            {d.calendars.map((c) => (
              <option key={c.slug} value={c.slug}>
                {c.name}
              </option>
            ))}
          </select>
        </label>
        <Button type="submit" variant="secondary">
          <FormattedMessage id="admin.filter.apply" />
        </Button>
      </Form>
      <p className={styles.zone}>
        <FormattedMessage id="admin.calendar.zone" values={{ zone: d.timeZone }} />{' '}
        {d.timeZone !== d.frame.business.timeZone ? (
          <Link to={href('adminCalendar', page.locale, {}, { query: query({ tz: '' }) })}>
            <FormattedMessage id="admin.calendar.businessZone" values={{ zone: d.frame.business.timeZone }} />
          </Link>
        ) : (
          mine &&
          mine !== d.timeZone && (
            <Link to={href('adminCalendar', page.locale, {}, { query: query({ tz: mine }) })}>
              <FormattedMessage id="admin.calendar.yourZone" values={{ zone: mine }} />
            </Link>
          )
        )}
      </p>
      {d.columns.length === 0 ? (
        <p className={styles.empty}>
          <FormattedMessage id="admin.calendar.nobody" />
        </p>
      ) : d.view === 'day' ? (
        <>
          {hydrated && <DayGrid data={d} locale={page.locale} />}
          <div className={hydrated ? styles.dayListNarrow : styles.dayList}>
            {d.columns.map((c) => (
              <section key={c.slug} className={styles.person}>
                <h2 className={styles.personName}>{c.name}</h2>
                <Agenda column={c} day={d.date} data={d} locale={page.locale} />
              </section>
            ))}
          </div>
        </>
      ) : (
        <div className={styles.week}>
          {days.map((day) => (
            <section key={day} className={styles.weekDay} aria-current={day === d.today ? 'date' : undefined}>
              <h2 className={styles.weekDayName}>
                <Link to={href('adminCalendar', page.locale, {}, { query: query({ view: 'day', date: day }) })}>
                  {intl.formatDate(new Date(`${day}T12:00:00Z`), { weekday: 'long', day: 'numeric', month: 'short', timeZone: 'UTC' })}
                </Link>
              </h2>
              {d.columns.map((c) => (
                <div key={c.slug}>
                  {d.columns.length > 1 && <h3 className={styles.personName}>{c.name}</h3>}
                  <Agenda column={c} day={day} data={d} locale={page.locale} />
                </div>
              ))}
            </section>
          ))}
        </div>
      )}
    </section>
  );
}

// Agenda is a person's day as a list: bookings and busy times in order,
// then the free times as links.
function Agenda({ column, day, data, locale }: { column: AdminCalendarColumn; day: string; data: AdminCalendarPageData; locale: string }) {
  const intl = useIntl();
  const zone = data.timeZone;
  const on = (iso: string) => dayKey(iso, zone) === day;
  const items = [
    ...column.bookings.filter((b) => on(b.start)).map((b) => ({ start: b.start, node: <BookingLink key={b.id} b={b} zone={zone} locale={locale} /> })),
    ...column.busy.filter((e) => on(e.start)).map((e, i) => ({
      start: e.start,
      node: (
        <span key={`busy${i}`} className={styles.busyItem}>
          {timeRange(intl, e.start, e.end, zone)} · <FormattedMessage id="admin.calendar.busy" values={{ calendar: e.calendar }} />
        </span>
      ),
    })),
  ].sort((a, b) => a.start.localeCompare(b.start));
  const free = column.free.filter(on);
  const working = column.hours.some((h) => on(h.start) || on(h.end));
  return (
    <>
      {items.length === 0 ? (
        <p className={styles.quiet}>
          <FormattedMessage id={working ? 'admin.calendar.noBookings' : 'admin.calendar.notWorking'} />
        </p>
      ) : (
        <ul className={styles.agenda}>
          {items.map((it, i) => (
            <li key={i}>{it.node}</li>
          ))}
        </ul>
      )}
      {free.length > 0 && <FreeTimes column={column} times={free} data={data} locale={locale} />}
    </>
  );
}

function BookingLink({ b, zone, locale }: { b: AdminCalendarColumn['bookings'][number]; zone: string; locale: string }) {
  const intl = useIntl();
  return (
    <Link className={`${styles.booking} ${styles[`status_${b.status}`] ?? ''}`} to={href('adminBooking', locale, { id: b.id })}>
      <span className={styles.when}>{timeRange(intl, b.start, b.end, zone)}</span> <span className={styles.who}>{b.name}</span>{' '}
      <span className={styles.what}>
        {b.calendar}
        {b.status === 'requested' && (
          <>
            {' · '}
            <FormattedMessage id="admin.status.requested" />
          </>
        )}
      </span>
    </Link>
  );
}

function FreeTimes({ column, times, data, locale }: { column: AdminCalendarColumn; times: string[]; data: AdminCalendarPageData; locale: string }) {
  const intl = useIntl();
  const name = data.calendars.find((c) => c.slug === data.book)?.name ?? '';
  return (
    <div className={styles.free}>
      <span className={styles.quiet}>
        <FormattedMessage id="admin.calendar.freeTimes" values={{ service: name }} />
      </span>
      <ul className={styles.freeList}>
        {times.map((t) => (
          <li key={t}>
            <Link
              className={styles.freeTime}
              to={href('adminNewBooking', locale, {}, { query: { calendar: data.book, staff: column.slug, start: t } })}
              aria-label={intl.formatMessage({ id: 'admin.calendar.bookAt' }, { time: intl.formatDate(new Date(t), { weekday: 'long', hour: 'numeric', minute: '2-digit', timeZone: data.timeZone }), name: column.name, service: name })}
            >
              {intl.formatDate(new Date(t), { hour: 'numeric', minute: '2-digit', timeZone: data.timeZone })}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}

// DayGrid: a day as a time grid, a column a person, on wide screens.
// Minutes are pixels; the grid spans the working hours and bookings of
// the day, at least 08:00 to 18:00.
function DayGrid({ data, locale }: { data: AdminCalendarPageData; locale: string }) {
  const intl = useIntl();
  const zone = data.timeZone;
  const minutes = (iso: string) => minuteOfDay(iso, zone, data.date);
  let first = 8 * 60;
  let last = 18 * 60;
  for (const c of data.columns) {
    for (const x of [...c.hours, ...c.bookings]) {
      first = Math.min(first, Math.max(0, minutes(x.start)));
      last = Math.max(last, Math.min(24 * 60, minutes(x.end)));
    }
  }
  first = Math.floor(first / 60) * 60;
  last = Math.ceil(last / 60) * 60;
  const hours = Array.from({ length: (last - first) / 60 }, (_, i) => first + i * 60);
  const place = (start: string, end: string) => {
    const top = Math.max(first, minutes(start));
    const bottom = Math.min(last, minutes(end));
    return { top: top - first, height: Math.max(12, bottom - top) };
  };
  const onDay = (start: string, end: string) => minutes(end) > first && minutes(start) < last;
  const bookName = data.calendars.find((c) => c.slug === data.book)?.name ?? '';
  return (
    <div className={styles.grid} style={{ gridTemplateColumns: `3.5rem repeat(${data.columns.length}, minmax(9rem, 1fr))` }}>
      <div className={styles.corner} />
      {data.columns.map((c) => (
        <div key={c.slug} className={styles.head}>
          {c.name}
        </div>
      ))}
      <div className={styles.ruler} style={{ height: last - first }}>
        {hours.map((h) => (
          <span key={h} style={{ top: h - first }}>
            {intl.formatTime(Date.UTC(2024, 0, 1, h / 60), { hour: 'numeric', timeZone: 'UTC' })}
          </span>
        ))}
      </div>
      {data.columns.map((c) => (
        <div key={c.slug} className={styles.column} style={{ height: last - first }}>
          {c.hours.filter((h) => onDay(h.start, h.end)).map((h, i) => (
            <div key={`h${i}`} className={styles.working} style={place(h.start, h.end)} />
          ))}
          {c.busy.filter((e) => onDay(e.start, e.end)).map((e, i) => (
            <div key={`e${i}`} className={styles.busy} style={place(e.start, e.end)}>
              <FormattedMessage id="admin.calendar.busy" values={{ calendar: e.calendar }} />
            </div>
          ))}
          {c.bookings.filter((b) => onDay(b.start, b.end)).map((b) => (
            <Link key={b.id} className={`${styles.block} ${styles[`status_${b.status}`] ?? ''}`} style={place(b.start, b.end)} to={href('adminBooking', locale, { id: b.id })}>
              <span className={styles.when}>{timeRange(intl, b.start, b.end, zone)}</span> <span className={styles.who}>{b.name}</span>{' '}
              <span className={styles.what}>{b.calendar}</span>
            </Link>
          ))}
          {c.free.filter((t) => dayKey(t, zone) === data.date && onDay(t, t)).map((t) => (
            <Link
              key={t}
              className={styles.slot}
              style={{ top: minutes(t) - first }}
              to={href('adminNewBooking', locale, {}, { query: { calendar: data.book, staff: c.slug, start: t } })}
              aria-label={intl.formatMessage({ id: 'admin.calendar.bookAt' }, { time: intl.formatDate(new Date(t), { weekday: 'long', hour: 'numeric', minute: '2-digit', timeZone: zone }), name: c.name, service: bookName })}
            >
              + {intl.formatDate(new Date(t), { hour: 'numeric', minute: '2-digit', timeZone: zone })}
            </Link>
          ))}
        </div>
      ))}
    </div>
  );
}

// minuteOfDay is an instant's minutes after the start of day in zone:
// negative before it, past 1440 after it.
function minuteOfDay(iso: string, zone: string, day: string): number {
  const parts = dateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).formatToParts(new Date(iso));
  const get = (t: string) => Number(parts.find((p) => p.type === t)?.value);
  const date = `${parts.find((p) => p.type === 'year')?.value}-${parts.find((p) => p.type === 'month')?.value}-${parts.find((p) => p.type === 'day')?.value}`;
  const offset = Math.round((Date.parse(`${date}T00:00:00Z`) - Date.parse(`${day}T00:00:00Z`)) / 60000);
  return offset + get('hour') * 60 + get('minute');
}

function daysOf(from: string, to: string): string[] {
  const out: string[] = [];
  for (let t = Date.parse(`${from}T12:00:00Z`); t <= Date.parse(`${to}T12:00:00Z`); t += 864e5) out.push(new Date(t).toISOString().slice(0, 10));
  return out;
}

function shift(day: string, n: number): string {
  return new Date(Date.parse(`${day}T12:00:00Z`) + n * 864e5).toISOString().slice(0, 10);
}

function rangeLabel(intl: IntlShape, from: string, to: string): string {
  const opts: Intl.DateTimeFormatOptions = { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' };
  if (from === to) return intl.formatDate(new Date(`${from}T12:00:00Z`), opts);
  return intl.formatDateTimeRange(new Date(`${from}T12:00:00Z`), new Date(`${to}T12:00:00Z`), { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
}

// useBrowserZone is the browser's own time zone once hydrated (the
// server cannot know it).
function useBrowserZone(): string {
  const [zone, setZone] = useState('');
  useEffect(() => setZone(Intl.DateTimeFormat().resolvedOptions().timeZone ?? ''), []);
  return zone;
}
