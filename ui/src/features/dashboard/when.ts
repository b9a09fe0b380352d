import type { IntlShape } from '../../lib/i18n';
import { dateTimeFormat } from '../../lib/intlCache';

// How the dashboard tells times: in the business's zone, which the list
// is grouped by, the day named as people say it.

const formats = new Map<string, Intl.DateTimeFormat>();

// pattern is the formatter of one of when's patterns in zone, found once
// per locale and zone in the shared cache (intlCache): a list formats
// each of its rows with the same few, and keying the shared cache by its
// options costs several times formatting.
function pattern(locale: string, zone: string, name: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}\u0000${zone}\u0000${name}`;
  let f = formats.get(key);
  if (!f) {
    if (formats.size >= 500) formats.clear(); // bounded, whatever zones come
    f = dateTimeFormat(locale, { ...options, timeZone: zone });
    formats.set(key, f);
  }
  return f;
}

export function dayKey(iso: string, zone: string): string {
  // en-CA writes a date as YYYY-MM-DD: a key that sorts and compares.
  return pattern('en-CA', zone, 'key', { year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(iso));
}

// nextDay is the key of the day after a day's key.
function nextDay(key: string): string {
  const [y, m, d] = key.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d + 1)).toISOString().slice(0, 10);
}

function longDate(intl: IntlShape, iso: string, zone: string): string {
  return pattern(intl.locale, zone, 'date', { weekday: 'long', year: 'numeric', month: 'long', day: 'numeric' }).format(new Date(iso));
}

// dayHeading names the day of iso in zone, today being the business's
// date (YYYY-MM-DD) as the server read its clock.
export function dayHeading(intl: IntlShape, iso: string, today: string, zone: string): string {
  const day = dayKey(iso, zone);
  const date = () => pattern(intl.locale, zone, 'day', { weekday: 'long', month: 'long', day: 'numeric' }).format(new Date(iso));
  if (day === today) return intl.formatMessage({ id: 'admin.day.today' }, { date: date() });
  if (day === nextDay(today)) return intl.formatMessage({ id: 'admin.day.tomorrow' }, { date: date() });
  if (day.slice(0, 4) === today.slice(0, 4)) return date();
  return longDate(intl, iso, zone);
}

export function timeRange(intl: IntlShape, start: string, end: string, zone: string): string {
  const f = pattern(intl.locale, zone, 'time', { hour: 'numeric', minute: '2-digit' });
  return `${f.format(new Date(start))} – ${f.format(new Date(end))}`;
}

export function fullWhen(intl: IntlShape, start: string, end: string, zone: string): string {
  return `${longDate(intl, start, zone)}, ${timeRange(intl, start, end, zone)}`;
}
