import type { IntlShape } from '../../lib/i18n';

// How the dashboard tells times: in the business's zone, which the list
// is grouped by, the day named as people say it.

export function dayKey(iso: string, zone: string): string {
  // en-CA writes a date as YYYY-MM-DD: a key that sorts and compares.
  return new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(iso));
}

// nextDay is the key of the day after a day's key.
function nextDay(key: string): string {
  const [y, m, d] = key.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d + 1)).toISOString().slice(0, 10);
}

export function dayHeading(intl: IntlShape, iso: string, nowIso: string, zone: string): string {
  const day = dayKey(iso, zone);
  const today = dayKey(nowIso, zone);
  const date = intl.formatDate(new Date(iso), { weekday: 'long', month: 'long', day: 'numeric', timeZone: zone });
  if (day === today) return intl.formatMessage({ id: 'admin.day.today' }, { date });
  if (day === nextDay(today)) return intl.formatMessage({ id: 'admin.day.tomorrow' }, { date });
  if (day.slice(0, 4) === today.slice(0, 4)) return date;
  return intl.formatDate(new Date(iso), { weekday: 'long', year: 'numeric', month: 'long', day: 'numeric', timeZone: zone });
}

export function timeRange(intl: IntlShape, start: string, end: string, zone: string): string {
  const opts: Intl.DateTimeFormatOptions = { hour: 'numeric', minute: '2-digit', timeZone: zone };
  return `${intl.formatDate(new Date(start), opts)} – ${intl.formatDate(new Date(end), opts)}`;
}

export function fullWhen(intl: IntlShape, start: string, end: string, zone: string): string {
  const date = intl.formatDate(new Date(start), { weekday: 'long', year: 'numeric', month: 'long', day: 'numeric', timeZone: zone });
  return `${date}, ${timeRange(intl, start, end, zone)}`;
}
