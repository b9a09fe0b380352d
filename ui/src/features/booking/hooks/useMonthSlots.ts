import { useCallback, useEffect, useRef, useState } from 'react';
import { firstOfMonth, lastOfMonth, type YearMonth } from '../../../lib/calendar';
import { fetchSlots, type CartRef, type VisitRef } from '../lib/api';
import type { PageSlots } from '../../../generated/web';
import type { SlotsResponse } from '../types';

export interface SlotsKey {
  month: YearMonth;
  timeZone: string;
  staff: number | null;
}

const keyOf = (k: SlotsKey) => `${k.month}|${k.timeZone}|${k.staff ?? ''}`;

interface Options extends SlotsKey {
  calendar: string;
  cart?: CartRef;
  visit?: VisitRef;
  lang: string;
  enabled: boolean;
  // initial: the month the server rendered, so it is not fetched again
  // (packed, as the page's data carries it).
  initial: SlotsKey & { slots: PageSlots };
}

export interface MonthSlots {
  slots: SlotsResponse | null; // the visible month, or the last one shown while it loads
  current: boolean; // slots are for the visible month, zone and person
  loading: boolean;
  failed: boolean;
  retry: () => void;
  // refresh forgets every month (a slot was taken meanwhile) and refetches.
  refresh: () => void;
}

// unpackSlots makes a booking page's packed free times (PageSlots, as the
// page's data carries them) what the slots API answers, in place: each
// start whole, "2026-12-01T09:30:00+01:00". A packed start is its time of
// day, "09:30", before the answer's suffix (":00+01:00"); any other is
// whole already, so unpacking twice changes nothing. (Here, not a module
// of its own: each module is bytes of the booking page's first
// JavaScript, which is at its budget.)
export function unpackSlots(p: PageSlots): SlotsResponse {
  for (const day in p.slots) p.slots[day] = p.slots[day].map((s) => (s[5] ? s : day + 'T' + s + p.suffix));
  return p;
}

// useMonthSlots fetches the free times of the visible month, one request
// per month, zone and person, and keeps what it fetched.
export function useMonthSlots({ calendar, cart, visit, lang, enabled, initial, ...key }: Options): MonthSlots {
  const [cache, setCache] = useState<Record<string, SlotsResponse>>(() => ({ [keyOf(initial)]: unpackSlots(initial.slots) }));
  const [failedKey, setFailedKey] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const last = useRef<SlotsResponse | null>(initial.slots); // unpacked by the first state's
  const k = keyOf(key);
  const have = cache[k];

  useEffect(() => {
    if (!enabled || have) return;
    // Leaving the month (or the screen) cancels its request and its retries.
    const ctrl = new AbortController();
    setFailedKey(null);
    fetchSlots({ calendar, cart, visit, from: firstOfMonth(key.month), to: lastOfMonth(key.month), tz: key.timeZone, staff: key.staff }, lang, ctrl.signal)
      .then((res) => {
        if (!ctrl.signal.aborted) setCache((c) => ({ ...c, [k]: res }));
      })
      .catch(() => {
        if (!ctrl.signal.aborted) setFailedKey(k);
      });
    return () => ctrl.abort();
  }, [k, enabled, attempt, have]); // eslint-disable-line react-hooks/exhaustive-deps

  if (have) last.current = have;
  const failed = failedKey === k && !have;

  const retry = useCallback(() => setAttempt((a) => a + 1), []);
  const refresh = useCallback(() => {
    setCache({});
    setAttempt((a) => a + 1);
  }, []);

  return {
    slots: have ?? (enabled ? last.current : null),
    current: !!have,
    loading: enabled && !have && !failed,
    failed,
    retry,
    refresh,
  };
}
