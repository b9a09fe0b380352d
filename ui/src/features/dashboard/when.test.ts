import { describe, expect, it } from 'vitest';
import { createIntl } from '../../lib/i18n';
import { dayHeading, dayKey, fullWhen, timeRange } from './when';

const messages = { 'admin.day.today': 'Today, {date}', 'admin.day.tomorrow': 'Tomorrow, {date}' };
const en = createIntl({ locale: 'en-US', messages: messages as never });
const de = createIntl({ locale: 'de', messages: { 'admin.day.today': 'Heute, {date}', 'admin.day.tomorrow': 'Morgen, {date}' } as never });

describe('the dashboard tells times in the business zone', () => {
  it.each([
    ['today', '2026-12-01T08:00:00Z', '2026-12-01', 'Today, Tuesday, December 1'],
    ['tomorrow', '2026-12-02T08:00:00Z', '2026-12-01', 'Tomorrow, Wednesday, December 2'],
    ['tomorrow in the next year', '2027-01-01T08:00:00Z', '2026-12-31', 'Tomorrow, Friday, January 1'],
    ['a later day of the year', '2026-12-20T08:00:00Z', '2026-12-01', 'Sunday, December 20'],
    ['a day of another year', '2027-02-03T08:00:00Z', '2026-12-01', 'Wednesday, February 3, 2027'],
    ['the day in the zone, not in UTC', '2026-12-01T23:30:00Z', '2026-12-02', 'Today, Wednesday, December 2'],
  ])('names %s', (_name, iso, today, want) => {
    expect(dayHeading(en, iso, today, 'Europe/Berlin')).toBe(want);
  });

  it('names the day in the reader’s language', () => {
    expect(dayHeading(de, '2026-12-02T08:00:00Z', '2026-12-01', 'Europe/Berlin')).toBe('Morgen, Mittwoch, 2. Dezember');
  });

  it.each([
    ['Europe/Berlin', '2026-12-01T23:30:00Z', '2026-12-02'],
    ['America/New_York', '2026-12-01T23:30:00Z', '2026-12-01'],
  ])('keys a day in %s', (zone, iso, want) => {
    expect(dayKey(iso, zone)).toBe(want);
  });

  it('tells a time range and a whole time in each zone asked', () => {
    expect(timeRange(en, '2026-12-01T08:00:00Z', '2026-12-01T08:30:00Z', 'Europe/Berlin')).toBe('9:00 AM – 9:30 AM');
    expect(timeRange(en, '2026-12-01T08:00:00Z', '2026-12-01T08:30:00Z', 'America/New_York')).toBe('3:00 AM – 3:30 AM');
    expect(timeRange(de, '2026-12-01T08:00:00Z', '2026-12-01T08:30:00Z', 'Europe/Berlin')).toBe('9:00 – 9:30');
    expect(fullWhen(en, '2026-12-01T08:00:00Z', '2026-12-01T08:30:00Z', 'Europe/Berlin')).toBe('Tuesday, December 1, 2026, 9:00 AM – 9:30 AM');
  });
});
