import { describe, expect, it } from 'vitest';
import { hostOriginOf, stepOf } from './embed';

describe('hostOriginOf', () => {
  const cases: [string, string, string | null, string[] | undefined, string | null][] = [
    ['takes the origin the fragment gives', '#slotwise-embed=https%3A%2F%2Fstudio.example', null, undefined, 'https://studio.example'],
    ['takes it when the browser names the same parent', '#slotwise-embed=https%3A%2F%2Fstudio.example', null, ['https://studio.example'], 'https://studio.example'],
    ['refuses an origin that is not the parent', '#slotwise-embed=https%3A%2F%2Fevil.example', null, ['https://studio.example'], null],
    ['refuses more than an origin', '#slotwise-embed=https%3A%2F%2Fstudio.example%2Fpath', null, undefined, null],
    ['refuses other schemes', '#slotwise-embed=javascript%3Aalert(1)', null, undefined, null],
    ['refuses nonsense', '#slotwise-embed=%00%ff', null, undefined, null],
    ['keeps the stored origin after a reload', '', 'http://localhost:8000', ['http://localhost:8000'], 'http://localhost:8000'],
    ['is nothing without either', '#section', null, undefined, null],
  ];
  it.each(cases)('%s', (_name, hash, stored, ancestors, want) => {
    expect(hostOriginOf(hash, stored, ancestors)).toBe(want);
  });
});

describe('stepOf', () => {
  it.each([
    ['appointment', '', 'calendar'],
    ['bookings', '?month=2026-12&date=2026-12-03', 'times'],
    ['bookings', '?date=2026-12-03&time=2026-12-03T09:00:00Z', 'details'],
    ['serviceMenu', '?cart=a&step=time', 'time'],
    ['form', '?step=contact', 'contact'],
    ['bookingView', '', 'bookingView'],
  ])('%s %s is %s', (route, search, want) => {
    expect(stepOf(route, search)).toBe(want);
  });
});
