import { describe, expect, it } from 'vitest';
import { unpackSlots } from './slots';

describe('unpackSlots', () => {
  it.each([
    ['a start at the usual offset', { '2026-12-01': ['09:30'] }, '+01:00', { '2026-12-01': ['2026-12-01T09:30:00+01:00'] }],
    ['a start at its own offset, the day the clocks change', { '2027-03-28': ['01:30', '03:30+02:00'] }, '+01:00', { '2027-03-28': ['2027-03-28T01:30:00+01:00', '2027-03-28T03:30:00+02:00'] }],
    ['a start in UTC', { '2026-12-01': ['23:45'] }, 'Z', { '2026-12-01': ['2026-12-01T23:45:00Z'] }],
    ['a start kept whole', { '2026-12-01': ['2026-12-01T09:30:15+01:00'] }, '+01:00', { '2026-12-01': ['2026-12-01T09:30:15+01:00'] }],
    ['a day without a free time', { '2026-12-02': [] }, '+01:00', { '2026-12-02': [] }],
  ])('unpacks %s', (_name, slots, offset, want) => {
    expect(unpackSlots({ timezone: 'Europe/Berlin', offset, slots, next: null }).slots).toEqual(want);
  });

  it('keeps the next free time and the seats left as they are', () => {
    const seats = { '2026-12-01T09:30:00+01:00': 3 };
    expect(unpackSlots({ timezone: 'Europe/Berlin', offset: '+01:00', slots: {}, next: '2027-01-04T09:00:00+01:00', seats })).toEqual({
      timezone: 'Europe/Berlin',
      slots: {},
      next: '2027-01-04T09:00:00+01:00',
      seats,
    });
  });
});
