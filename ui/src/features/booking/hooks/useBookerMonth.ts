import { dateInZone, isValidIsoDate, monthOf, type YearMonth } from '../../../lib/calendar';
import type { BookerUrl } from './useBookerUrl';
import { useMonthSlots } from './useMonthSlots';
import type { BookingPageData } from '../types';

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

// useBookerMonth is the month the booker shows (within the booking
// window), its free times for the person chosen, the day picked (or the
// first free one) and the time the URL names, while it is still free.
export function useBookerMonth(data: BookingPageData, url: BookerUrl, o: { timeZone: string; lang: string; staffId: number | null; needsStaff: boolean }) {
  const { calendar } = data;
  const today = dateInZone(data.now, o.timeZone);
  const minMonth = monthOf(today);
  const lastDay = dateInZone(new Date(new Date(data.now).getTime() + calendar.windowDays * 86400000).toISOString(), o.timeZone);
  const maxMonth = monthOf(lastDay);
  const askedDate = url.params.get('date') ?? '';
  const askedMonth = url.params.get('month') ?? '';
  const shownMonth: YearMonth = MONTH.test(askedMonth) ? askedMonth : isValidIsoDate(askedDate) ? monthOf(askedDate) : data.month;
  // A zone further east can already be in the next month.
  const month = shownMonth < minMonth ? minMonth : shownMonth > maxMonth ? maxMonth : shownMonth;
  // A visit being moved asks for the times every service of it fits.
  const visit = data.reschedule?.visit ? { id: data.reschedule.id, token: data.token ?? '' } : undefined;
  const cart = data.cart && !visit ? { menu: data.cart.menu, raw: data.cart.raw } : undefined;
  const slotsQ = useMonthSlots({
    calendar: calendar.slug,
    cart,
    visit,
    lang: o.lang,
    enabled: !o.needsStaff,
    month,
    timeZone: o.timeZone,
    staff: o.staffId,
    initial: { month: data.month, timeZone: data.timeZone, staff: data.slotsStaff || null, slots: data.slots },
  });
  const bySlotDate = slotsQ.slots?.slots ?? {};
  const availableDays = Object.keys(bySlotDate)
    .filter((d) => monthOf(d) === month && d >= today && bySlotDate[d].length > 0)
    .sort();
  const picked = isValidIsoDate(askedDate) && monthOf(askedDate) === month ? askedDate : null;
  const selected = picked ?? availableDays[0] ?? null;
  // The time step: ?time= names a start; while the month's times are known,
  // one that is no longer free sends the visitor back to the times.
  const askedTime = url.params.get('time');
  const timeDate = askedTime && !Number.isNaN(Date.parse(askedTime)) ? dateInZone(askedTime, o.timeZone) : null;
  const timeGone = !!askedTime && slotsQ.current && !(timeDate && (bySlotDate[timeDate] ?? []).includes(askedTime));
  const start = askedTime && timeDate && !timeGone ? askedTime : null;
  return { today, minMonth, maxMonth, month, slotsQ, bySlotDate, availableDays, selected, timeGone, start };
}
