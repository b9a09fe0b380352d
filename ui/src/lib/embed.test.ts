import { describe, expect, it } from 'vitest';
import { stepOf } from './embed';
import { hostOriginOf } from './embedFrame';

describe('hostOriginOf', () => {
  const cases: [string, string, string[] | undefined, string | null, string?][] = [
    ['takes the origin the frame is named after', 'slotwise-embed https://studio.example', undefined, 'https://studio.example'],
    ['takes it when the browser names the same parent', 'slotwise-embed https://studio.example', ['https://studio.example'], 'https://studio.example'],
    ['refuses an origin that is not the parent', 'slotwise-embed https://evil.example', ['https://studio.example'], null],
    ['refuses more than an origin', 'slotwise-embed https://studio.example/path', undefined, null],
    ['refuses other schemes', 'slotwise-embed javascript:alert(1)', undefined, null],
    ['refuses nonsense', 'slotwise-embed %00\u0000', undefined, null],
    ['is nothing for a frame named otherwise', 'booking', undefined, null],
    ['is nothing for a frame without a name', '', undefined, null],
    ['takes its own origin for a page of its own website', 'slotwise-embed page', ['https://book.example'], 'https://book.example', 'https://book.example'],
    ['refuses a page of its own website when the parent is not of its origin', 'slotwise-embed page', undefined, null, undefined],
    ['refuses a page of its own website the browser says is elsewhere', 'slotwise-embed page', ['https://evil.example'], null, 'https://book.example'],
  ];
  it.each(cases)('%s', (_name, frameName, ancestors, want, own) => {
    expect(hostOriginOf(frameName, ancestors, own)).toBe(want);
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
