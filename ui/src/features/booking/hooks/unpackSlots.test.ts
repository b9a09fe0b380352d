import { describe, expect, it } from 'vitest';
import { unpackSlots } from './useMonthSlots';

describe('unpackSlots', () => {
  it.each([
    ['a start at the usual offset', { '2026-12-01': ['09:30'] }, ':00+01:00', { '2026-12-01': ['2026-12-01T09:30:00+01:00'] }],
    ['a start at another offset, the day the clocks change', { '2027-03-28': ['01:30', '2027-03-28T03:30:00+02:00'] }, ':00+01:00', { '2027-03-28': ['2027-03-28T01:30:00+01:00', '2027-03-28T03:30:00+02:00'] }],
    ['a start in UTC', { '2026-12-01': ['23:45'] }, ':00Z', { '2026-12-01': ['2026-12-01T23:45:00Z'] }],
    ['a start kept whole', { '2026-12-01': ['2026-12-01T09:30:15+01:00'] }, ':00+01:00', { '2026-12-01': ['2026-12-01T09:30:15+01:00'] }],
    ['a day without a free time', { '2026-12-02': [] }, ':00+01:00', { '2026-12-02': [] }],
  ])('unpacks %s', (_name, slots, suffix, want) => {
    expect(unpackSlots({ timezone: 'Europe/Berlin', suffix, slots, next: null }).slots).toEqual(want);
  });

  it('changes nothing unpacked twice', () => {
    const p = { timezone: 'Europe/Berlin', suffix: ':00+01:00', slots: { '2026-12-01': ['09:30'] }, next: null };
    expect(unpackSlots(unpackSlots(p) as typeof p).slots).toEqual({ '2026-12-01': ['2026-12-01T09:30:00+01:00'] });
  });

  it('keeps the next free time and the seats left as they are', () => {
    const seats = { '2026-12-01T09:30:00+01:00': 3 };
    expect(unpackSlots({ timezone: 'Europe/Berlin', suffix: ':00+01:00', slots: {}, next: '2027-01-04T09:00:00+01:00', seats })).toMatchObject({
      timezone: 'Europe/Berlin',
      slots: {},
      next: '2027-01-04T09:00:00+01:00',
      seats,
    });
  });
});
