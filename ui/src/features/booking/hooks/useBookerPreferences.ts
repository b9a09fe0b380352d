import { useCallback, useEffect, useState } from 'react';
import { TIME_ZONE_COOKIE, setPreference } from '../../../lib/cookies';
import { readPreference, writePreference } from '../../../lib/storage';
import { isValidTimeZone } from '../../../lib/zoneNames';
import { defaultHourCycle, type HourCycle } from '../../../lib/useBookingFormat';

const TIME_ZONE_KEY = 'slotwise:timeZone';
const HOUR_CYCLE_KEY = 'slotwise:hourCycle';

// clientEnv is what only the browser knows. It is read after hydration,
// never during a render.
export const clientEnv = {
  browserTimeZone(): string {
    try {
      return Intl.DateTimeFormat().resolvedOptions().timeZone ?? '';
    } catch {
      return '';
    }
  },
};

interface Options {
  initialTimeZone: string; // what the server rendered with
  lang: string;
  // pinned: the URL names the zone (?tz=); it wins over the browser's.
  pinned: boolean;
}

// useBookerPreferences holds the visitor's zone and 12/24-hour choice. The
// first render uses the server's zone and the language's hour cycle, so it
// matches the server HTML; after mount it moves to a remembered choice or
// the browser's zone.
export function useBookerPreferences({ initialTimeZone, lang, pinned }: Options) {
  const [timeZone, setTimeZone] = useState(initialTimeZone);
  const [hourCycle, setHourCycle] = useState<HourCycle>(() => defaultHourCycle(lang));

  useEffect(() => {
    const hc = readPreference(HOUR_CYCLE_KEY);
    if (hc === 'h12' || hc === 'h23') setHourCycle(hc);
    if (!pinned) {
      const next = [readPreference(TIME_ZONE_KEY), clientEnv.browserTimeZone()].find((z): z is string => !!z && isValidTimeZone(z));
      if (next && next !== initialTimeZone) {
        setTimeZone(next);
        rememberZone(next);
      }
    }
  }, []); // eslint-disable-line react-hooks/exhaustive-deps

  const chooseTimeZone = useCallback((tz: string) => {
    setTimeZone(tz);
    writePreference(TIME_ZONE_KEY, tz);
    rememberZone(tz);
  }, []);
  const chooseHourCycle = useCallback((hc: HourCycle) => {
    setHourCycle(hc);
    writePreference(HOUR_CYCLE_KEY, hc);
  }, []);

  return { timeZone, hourCycle, chooseTimeZone, chooseHourCycle };
}

// rememberZone keeps the zone in a cookie too: the next page the server
// renders (a reload, a shared link opened again) is already in it.
function rememberZone(tz: string) {
  try {
    setPreference(TIME_ZONE_COOKIE, tz);
  } catch {
    /* cookies blocked: the zone still switches after each load */
  }
}
