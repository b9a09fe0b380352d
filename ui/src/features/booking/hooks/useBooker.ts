import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { dateInZone, monthOf, weekStartFor, type IsoDate, type YearMonth } from '../../../lib/calendar';
import { usePage } from '../../../PageContext';
import { hasPinnedTimeZone } from '../lib/format';
import { detailsFromForm } from '../lib/formValues';
import { EMPTY_DETAILS, type DetailsValues } from '../lib/detailsValues';
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
  const navigate = useNavigate();
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
  const [values, setValues] = useState<DetailsValues>(() =>
    initialValues(failed?.values, failed?.lists, cartGuests ? String(cartGuests) : url.params.get('guests'), cartGuests || (calendar.maxSeatsPerBooking ?? 1) - 1),
  );
  // A post the server refused because the time was taken (409) comes back
  // to the times, with why.
  const serverNotice = failed && !failed.fields && page.status === 409 ? failed.message : null;
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
  const changeValues = (v: DetailsValues) => {
    setValues(v);
    if (v.guests.length !== values.guests.length) url.go({ guests: v.guests.length ? String(v.guests.length) : null }, { replace: true });
  };
  // The outcome is the booking's own page: reload and share it as it is.
  const finished = (b: BookingView) => navigate(b.manageUrl, { state: { booked: true } });
  return {
    page, url, reschedule, prefs, fmt, who, when, failed, values, changeValues, serverNotice, notice, lastStart, step,
    refs: { rootRef, stepHeadingRef, timesRef }, go, slotTaken, finished, firstDay: weekStartFor(page.lang), here: url.pathname + url.search,
  };
}

export type BookerState = ReturnType<typeof useBooker>;

// initialValues: what a refused post sent (the server rendered the page
// again), else empty, with as many guest rows as the URL asks for.
function initialValues(sent: Record<string, string> | undefined, lists: Record<string, string[]> | undefined, guests: string | null, maxGuests: number): DetailsValues {
  if (sent) return detailsFromForm(sent, lists);
  const rows = Math.min(Math.max(Number(guests) || 0, 0), Math.max(maxGuests, 0));
  return { ...EMPTY_DETAILS, guests: Array.from({ length: rows }, () => ({ name: '', email: '' })) };
}
