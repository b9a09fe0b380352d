import type { BookingFormat } from '../../../lib/useBookingFormat';
import type { BookerUrl } from './useBookerUrl';
import type { BookingView, CalendarInfo } from '../types';

// useStaffChoice decides who: a fixed person, the only person, or a choice
// ("any" unless the calendar wants a named person). A reschedule keeps the
// person when the calendar names people (the server moves it only within
// that person's time).
export function useStaffChoice(calendar: CalendarInfo, reschedule: BookingView | null, url: BookerUrl, fmt: BookingFormat) {
  const staff = calendar.staff ?? [];
  // A collective calendar meets everyone at once: nobody to choose.
  const together = calendar.staffMode === 'collective';
  const everyone = together ? { id: staff[0]?.id ?? 0, name: fmt.intl.formatList(staff.map((s) => s.name), { type: 'conjunction' }) } : null;
  const fixed = calendar.fixedStaff ?? everyone ?? (staff.length === 1 ? staff[0] : null);
  const allowAny = calendar.staffMode !== 'named';
  const choosable = !fixed && staff.length > 1 && !reschedule;
  const asked = Number(url.params.get('staff'));
  const staffId: number | null =
    calendar.fixedStaff?.id ??
    (reschedule && !allowAny ? reschedule.staff.id : null) ??
    (choosable && staff.some((s) => s.id === asked) ? asked : null) ??
    (!allowAny && staff.length === 1 ? staff[0].id : null);
  const needsStaff = !allowAny && staffId === null;
  const staffName = staffId != null ? (staff.find((s) => s.id === staffId)?.name ?? fixed?.name ?? null) : (fixed?.name ?? null);
  return { staff, fixed, allowAny, choosable, staffId, needsStaff, staffName };
}
