// Calendar arithmetic on plain dates (YYYY-MM-DD) and months (YYYY-MM).
// A calendar date is not an instant: it is computed in UTC and formatted with
// timeZone 'UTC', so the server's zone never leaks into what a visitor sees.

import { dateTimeFormat } from './intlCache';

export type IsoDate = string; // YYYY-MM-DD
export type YearMonth = string; // YYYY-MM
export type Weekday = 1 | 2 | 3 | 4 | 5 | 6 | 7; // ISO: Monday 1 … Sunday 7

const pad = (n: number, w = 2) => String(n).padStart(w, '0');

function parseDate(d: IsoDate): [number, number, number] {
  return [Number(d.slice(0, 4)), Number(d.slice(5, 7)), Number(d.slice(8, 10))];
}

export function fromUTC(t: Date): IsoDate {
  return `${pad(t.getUTCFullYear(), 4)}-${pad(t.getUTCMonth() + 1)}-${pad(t.getUTCDate())}`;
}

// utcNoon is the instant to format a calendar date with, in timeZone 'UTC'.
export function utcNoon(d: IsoDate): Date {
  const [y, m, day] = parseDate(d);
  return new Date(Date.UTC(y, m - 1, day, 12));
}

export function isValidIsoDate(d: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(d)) return false;
  const [y, m, day] = parseDate(d);
  const t = new Date(Date.UTC(y, m - 1, day));
  return t.getUTCFullYear() === y && t.getUTCMonth() === m - 1 && t.getUTCDate() === day;
}

export function addDays(d: IsoDate, n: number): IsoDate {
  const t = utcNoon(d);
  t.setUTCDate(t.getUTCDate() + n);
  return fromUTC(t);
}

export function monthOf(d: IsoDate): YearMonth {
  return d.slice(0, 7);
}

export function firstOfMonth(m: YearMonth): IsoDate {
  return `${m}-01`;
}

export function addMonths(m: YearMonth, n: number): YearMonth {
  const y = Number(m.slice(0, 4));
  const mo = Number(m.slice(5, 7)) - 1 + n;
  const t = new Date(Date.UTC(y, mo, 1));
  return `${pad(t.getUTCFullYear(), 4)}-${pad(t.getUTCMonth() + 1)}`;
}

export function daysInMonth(m: YearMonth): number {
  return new Date(Date.UTC(Number(m.slice(0, 4)), Number(m.slice(5, 7)), 0)).getUTCDate();
}

export function lastOfMonth(m: YearMonth): IsoDate {
  return `${m}-${pad(daysInMonth(m))}`;
}

export function isoWeekday(d: IsoDate): Weekday {
  const w = utcNoon(d).getUTCDay();
  return (w === 0 ? 7 : w) as Weekday;
}

// monthWeeks lays a month out in rows of seven, null where a row runs into
// the previous or next month.
export function monthWeeks(m: YearMonth, firstDay: Weekday): (IsoDate | null)[][] {
  const lead = (isoWeekday(firstOfMonth(m)) - firstDay + 7) % 7;
  const cells: (IsoDate | null)[] = Array(lead).fill(null);
  for (let d = 1; d <= daysInMonth(m); d++) cells.push(`${m}-${pad(d)}`);
  while (cells.length % 7) cells.push(null);
  const weeks: (IsoDate | null)[][] = [];
  for (let i = 0; i < cells.length; i += 7) weeks.push(cells.slice(i, i + 7));
  return weeks;
}

// weekdayOrder lists the seven ISO weekdays starting with firstDay.
export function weekdayOrder(firstDay: Weekday): Weekday[] {
  return Array.from({ length: 7 }, (_, i) => (((firstDay - 1 + i) % 7) + 1) as Weekday);
}

// A Monday in UTC, to format weekday names from: 2024-01-01 was one.
export function weekdaySample(w: Weekday): Date {
  return new Date(Date.UTC(2024, 0, w, 12));
}

const SUNDAY_FIRST_FALLBACK = new Set(['en-US', 'en', 'pt-BR']);

// weekStartFor gives the first day of the week for a language from the
// engine's CLDR week data: V8 in the server has Intl.Locale#weekInfo,
// current Chromium has getWeekInfo(); both read the same CLDR table, so the
// server render and the browser agree. Without either, Monday (Sunday for
// en-US and pt-BR).
export function weekStartFor(lang: string): Weekday {
  try {
    const loc = new Intl.Locale(lang) as Intl.Locale & {
      getWeekInfo?: () => { firstDay: number };
      weekInfo?: { firstDay: number };
    };
    const info = typeof loc.getWeekInfo === 'function' ? loc.getWeekInfo() : loc.weekInfo;
    if (info && info.firstDay >= 1 && info.firstDay <= 7) return info.firstDay as Weekday;
  } catch {
    // an unknown language tag: fall through
  }
  return SUNDAY_FIRST_FALLBACK.has(lang) ? 7 : 1;
}

// dateInZone is the calendar date of an instant in a zone.
export function dateInZone(instant: string | number | Date, timeZone: string): IsoDate {
  const f = dateTimeFormat('en-US', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
  const parts = f.formatToParts(new Date(instant));
  const get = (t: string) => parts.find((p) => p.type === t)?.value ?? '';
  return `${get('year').padStart(4, '0')}-${get('month')}-${get('day')}`;
}
