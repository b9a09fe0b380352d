import type { PageSlots, SlotsResponse } from '../../../generated/web';

// unpackSlots is a booking page's packed free times (PageSlots, as the
// page's data carries them) as the slots API answers them: each start
// whole, "2026-12-01T09:30:00+01:00". A packed start is its time of day
// at the answer's offset ("09:30"), or at its own ("09:30+02:00"); one
// that holds a "T" is whole already.
export function unpackSlots(p: PageSlots): SlotsResponse {
  const slots: Record<string, string[]> = {};
  for (const [day, starts] of Object.entries(p.slots ?? {})) {
    slots[day] = starts.map((s) => (s.includes('T') ? s : `${day}T${s.slice(0, 5)}:00${s.length > 5 ? s.slice(5) : p.offset}`));
  }
  return { timezone: p.timezone, slots, next: p.next, ...(p.seats ? { seats: p.seats } : {}) };
}
