import { useMemo } from 'react';
import { useIntl } from './i18n';
import { utcNoon, type IsoDate, type YearMonth } from './calendar';
import { dateTimeFormat } from './intlCache';
import { zoneName } from './zoneNames';
import { formatDuration } from './format';

export type HourCycle = 'h12' | 'h23';

// defaultHourCycle: what the language uses, e.g. 12-hour in en-US.
export function defaultHourCycle(lang: string): HourCycle {
  try {
    const hc = dateTimeFormat(lang, { hour: 'numeric' }).resolvedOptions().hourCycle;
    return hc === 'h11' || hc === 'h12' ? 'h12' : 'h23';
  } catch {
    return 'h23';
  }
}

// useBookingFormat formats instants in one zone and calendar dates in UTC;
// every call passes timeZone, because V8's default zone is the server's.
export function useBookingFormat(timeZone: string, hourCycle: HourCycle) {
  const intl = useIntl();
  return useMemo(
    () => ({
      intl,
      time: (instant: string | Date) => intl.formatTime(instant, { timeZone, hour: 'numeric', minute: '2-digit', hourCycle }),
      // A calendar date (YYYY-MM-DD), not an instant.
      dayLong: (d: IsoDate) => intl.formatDate(utcNoon(d), { timeZone: 'UTC', weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' }),
      dayHeading: (d: IsoDate) => intl.formatDate(utcNoon(d), { timeZone: 'UTC', weekday: 'long', day: 'numeric', month: 'long' }),
      dayShort: (d: IsoDate) => intl.formatDate(utcNoon(d), { timeZone: 'UTC', weekday: 'short', day: 'numeric', month: 'short' }),
      monthYear: (m: YearMonth) => intl.formatDate(utcNoon(`${m}-01`), { timeZone: 'UTC', month: 'long', year: 'numeric' }),
      // An instant's date where it is seen.
      instantDate: (instant: string | Date) => intl.formatDate(instant, { timeZone, weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' }),
      zone: (at: string | Date) => zoneName(intl.locale, timeZone, new Date(at)),
      duration: (minutes: number) => formatDuration(intl, minutes),
    }),
    [intl, timeZone, hourCycle],
  );
}

export type BookingFormat = ReturnType<typeof useBookingFormat>;
