import { dateTimeFormat } from './intlCache';

// The name of one zone, as a page shows it beside its times: small, and
// needed by the booker's first screen (the search over every zone is in
// timezones.ts, fetched when the picker opens).

export function isValidTimeZone(tz: string): boolean {
  if (!tz) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

// zonePart is one part of a zone's name as Intl gives it, or the id.
export function zonePart(locale: string, timeZone: string, at: Date, timeZoneName: Intl.DateTimeFormatOptions['timeZoneName']): string {
  try {
    return dateTimeFormat(locale, { timeZone, timeZoneName }).formatToParts(at).find((p) => p.type === 'timeZoneName')?.value ?? timeZone;
  } catch {
    return timeZone;
  }
}

// zoneName is the localized name of a zone: "Central European Time".
export function zoneName(locale: string, timeZone: string, at: Date, style: 'longGeneric' | 'long' | 'shortGeneric' = 'longGeneric'): string {
  if (style === 'long') return zonePart(locale, timeZone, at, style); // standard or summer: depends on the instant
  // A generic name ("Central European Time") does not change with DST, only
  // (rarely) when a zone's rules do, so one lookup a year is enough; a page
  // names the zone on every slot.
  const key = `${locale}|${timeZone}|${style}|${at.getUTCFullYear()}`;
  let name = genericNames.get(key);
  if (name === undefined) {
    if (genericNames.size > 5000) genericNames.clear();
    name = zonePart(locale, timeZone, at, style);
    genericNames.set(key, name);
  }
  return name;
}

const genericNames = new Map<string, string>();

// zoneOffsetMinutes: how far the zone is ahead of UTC at an instant.
export function zoneOffsetMinutes(timeZone: string, at: Date): number {
  const label = zonePart('en-US', timeZone, at, 'longOffset'); // "GMT+05:30", "GMT-05:00", "GMT"
  const m = /([+-])(\d{2}):?(\d{2})?/.exec(label);
  if (!m) return 0;
  const mins = Number(m[2]) * 60 + Number(m[3] ?? 0);
  return m[1] === '-' ? -mins : mins;
}

export function zoneCity(id: string): string {
  const last = id.split('/').pop() ?? id;
  return last.replace(/_/g, ' ');
}
