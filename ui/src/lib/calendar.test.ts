import { describe, expect, it } from 'vitest';
import { addDays, addMonths, dateInZone, daysInMonth, isValidIsoDate, isoWeekday, lastOfMonth, monthWeeks, weekStartFor, weekdayOrder } from './calendar';

describe('month arithmetic', () => {
  it.each([
    ['2026-11', 1, '2026-12'],
    ['2026-12', 1, '2027-01'],
    ['2026-01', -1, '2025-12'],
    ['2026-03', 14, '2027-05'],
  ])('%s + %i months = %s', (m, n, want) => expect(addMonths(m, n)).toBe(want));

  it('knows month lengths, leap years included', () => {
    expect(daysInMonth('2028-02')).toBe(29);
    expect(daysInMonth('2026-02')).toBe(28);
    expect(lastOfMonth('2026-11')).toBe('2026-11-30');
  });

  it('adds days across months and years', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
  });

  it('validates calendar dates', () => {
    expect(isValidIsoDate('1990-12-10')).toBe(true);
    expect(isValidIsoDate('1990-02-30')).toBe(false);
    expect(isValidIsoDate('1990-1-1')).toBe(false);
  });
});

describe('monthWeeks', () => {
  it('starts November 2026 (a Sunday the 1st) on Monday with six blanks', () => {
    expect(isoWeekday('2026-11-01')).toBe(7);
    const weeks = monthWeeks('2026-11', 1);
    expect(weeks[0]).toEqual([null, null, null, null, null, null, '2026-11-01']);
    expect(weeks.at(-1)).toEqual(['2026-11-30', null, null, null, null, null, null]);
  });
  it('starts it on Sunday for a Sunday-first week', () => {
    const weeks = monthWeeks('2026-11', 7);
    expect(weeks[0][0]).toBe('2026-11-01');
    expect(weeks).toHaveLength(5);
  });
  it('orders weekday headers from the first day', () => {
    expect(weekdayOrder(7)).toEqual([7, 1, 2, 3, 4, 5, 6]);
  });
});

describe('weekStartFor', () => {
  it.each([
    ['en-US', 7],
    ['de', 1],
    ['fr', 1],
    ['pl', 1],
    ['pt-BR', 7],
  ])('%s starts on %i', (lang, day) => expect(weekStartFor(lang)).toBe(day));
});

describe('dateInZone', () => {
  it('is the date where the instant is seen', () => {
    const t = '2026-11-23T23:30:00Z';
    expect(dateInZone(t, 'UTC')).toBe('2026-11-23');
    expect(dateInZone(t, 'Europe/Berlin')).toBe('2026-11-24');
    expect(dateInZone(t, 'America/Los_Angeles')).toBe('2026-11-23');
  });
});
