import { useEffect, useRef, useState } from 'react';
import { dateInZone, monthOf, weekStartFor, type IsoDate, type YearMonth } from '../../../lib/calendar';
import { usePage } from '../../../PageContext';
import { hasPinnedTimeZone } from '../lib/format';
import type { DetailsValues } from '../lib/detailsValues';
import type { BookingPageData, BookingView } from '../types';
import { useBookerMonth } from './useBookerMonth';
import { useBookerPreferences } from './useBookerPreferences';
import { useBookerUrl } from './useBookerUrl';
import { useBookingFormat } from '../../../lib/useBookingFormat';
import { useStaffChoice } from './useStaffChoice';

// useBooker is the booker's state, all of it read from the URL, the
// payload and what the visitor typed, and what each of their moves does.
export function useBooker(data: BookingPageData) {
  const page = usePage();
  const url = useBookerUrl();
  const { calendar } = data;
  const reschedule = data.reschedule ?? null;
  const prefs = useBookerPreferences({ initialTimeZone: data.timeZone, lang: page.lang, pinned: hasPinnedTimeZone(page.path) });
  const { timeZone } = prefs;
  const fmt = useBookingFormat(timeZone, prefs.hourCycle);
  const who = useStaffChoice(calendar, reschedule, url, fmt);
  const when = useBookerMonth(data, url, { timeZone, lang: page.lang, staffId: who.staffId, needsStaff: who.needsStaff });
  const failed = page.action ?? null;
  // A visit with guests' own services asks for each of those guests.
  const cartGuests = data.cart?.guestItems.length ?? 0;
  // What the visitor typed on the details step, kept while they go back to
  // the times and return; null until that step (in its own chunk) starts
  // it from what a refused post sent, or empty (lib/formValues.ts).
  const [values, setValues] = useState<DetailsValues | null>(null);
  const detailsSeed = { sent: failed?.values, lists: failed?.lists, guests: cartGuests ? String(cartGuests) : url.params.get('guests'), maxGuests: cartGuests || (calendar.maxSeatsPerBooking ?? 1) - 1 };
  // A post the server refused because the time was taken (409) comes back
  // to the times, with why (a series whose other times went stays on the
  // details, which say which).
  const serverNotice = failed && !failed.fields && page.status === 409 && failed.code !== 'series_taken' ? failed.message : null;
  const [notice, setNotice] = useState<string | null>(serverNotice);
  const [lastStart, setLastStart] = useState<string | null>(null);
  const rootRef = useRef<HTMLDivElement>(null);
  const stepHeadingRef = useRef<HTMLHeadingElement>(null);
  const timesRef = useRef<HTMLDivElement>(null);
  const step = when.start && !serverNotice ? (reschedule ? 'confirm' : 'details') : 'times';

  // A new step starts at its top, with focus on its heading.
  const firstRender = useRef(true);
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    if (step === 'details') stepHeadingRef.current?.focus();
    if (step !== 'times') rootRef.current?.scrollIntoView?.({ block: 'start' });
  }, [step]);

  const go = {
    month: (m: YearMonth) => {
      if (m < when.minMonth || m > when.maxMonth) return;
      url.go({ month: m, date: null, time: null, times: null }, { replace: true });
    },
    day: (d: IsoDate) => {
      url.go({ month: monthOf(d), date: d, time: null, times: null });
      // On a phone the times are below the calendar: bring them into view.
      if (typeof window !== 'undefined' && window.matchMedia?.('(max-width: 767px)').matches) {
        timesRef.current?.scrollIntoView?.({ behavior: 'smooth', block: 'start' });
      }
    },
    instant: (instant: string) => {
      const d = dateInZone(instant, timeZone);
      url.go({ month: monthOf(d), date: d, time: null, times: null });
    },
    staff: (id: number | null) => url.go({ staff: id == null ? null : String(id), time: null }),
    slot: (t: string) => {
      setNotice(null);
      setLastStart(t);
      url.go({ month: when.month, date: dateInZone(t, timeZone), time: t });
    },
    times: () => url.go({ time: null }),
  };
  const slotTaken = (message: string) => {
    setNotice(message);
    url.go({ time: null }, { replace: true });
    when.slotsQ.refresh();
  };
  // The same answer to the route's action (a post with JavaScript): back
  // to the times, with why, and the month's times asked for afresh.
  const seenFailure = useRef(failed);
  useEffect(() => {
    if (failed === seenFailure.current) return; // the page's own, as the server rendered it
    seenFailure.current = failed;
    if (serverNotice) slotTaken(serverNotice);
  }, [failed]); // eslint-disable-line react-hooks/exhaustive-deps
  const changeValues = (v: DetailsValues, guestsChanged: boolean) => {
    setValues(v);
    if (guestsChanged) url.go({ guests: v.guests.length ? String(v.guests.length) : null }, { replace: true });
  };
  return {
    page, url, reschedule, prefs, fmt, who, when, failed, values, detailsSeed, changeValues, serverNotice, notice, lastStart, step,
    refs: { rootRef, stepHeadingRef, timesRef }, go, slotTaken, firstDay: weekStartFor(page.lang), here: url.pathname + url.search,
  };
}

export type BookerState = ReturnType<typeof useBooker>;
