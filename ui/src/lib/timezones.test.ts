import { describe, expect, it } from 'vitest';
import { getTimeZones } from '@vvo/tzdb';
import { buildZoneList, isValidTimeZone, parseOffsetQuery, sameZone, searchZones, supportedTimeZones, zoneCity, zoneName, zoneOffsetMinutes } from './timezones';

const winter = new Date('2026-01-15T12:00:00Z');

describe('parseOffsetQuery', () => {
  it.each([
    ['+05:30', 330],
    ['+5:30', 330],
    ['GMT-5', -300],
    ['gmt -5', -300],
    ['UTC+1', 60],
    ['+0530', 330],
    ['-03:00', -180],
    ['\u22123', -180],
    ['utc', 0],
    ['berlin', null],
    ['+25', null],
    ['5', null],
  ])('%s → %s', (q, want) => expect(parseOffsetQuery(q)).toBe(want));
});

describe('zones', () => {
  it('knows offsets and names', () => {
    expect(zoneOffsetMinutes('Asia/Kolkata', winter)).toBe(330);
    expect(zoneOffsetMinutes('America/New_York', winter)).toBe(-300);
    expect(zoneOffsetMinutes('UTC', winter)).toBe(0);
    expect(zoneName('en-US', 'Europe/Berlin', winter)).toBe('Central European Time');
    expect(zoneCity('America/Argentina/Buenos_Aires')).toBe('Buenos Aires');
    expect(isValidTimeZone('Mars/Olympus')).toBe(false);
  });

  const list = buildZoneList('en-US', winter, ['Europe/Berlin', 'Asia/Kolkata', 'America/New_York', 'America/Chicago', 'Europe/Zurich']);

  it('sorts by offset then city, and always has UTC', () => {
    expect(list.map((z) => z.id)).toEqual(['America/Chicago', 'America/New_York', 'UTC', 'Europe/Berlin', 'Europe/Zurich', 'Asia/Kolkata']);
  });
  it('finds a zone by city, ignoring case and accents', () => {
    expect(searchZones(list, 'new york').map((z) => z.id)).toEqual(['America/New_York']);
    expect(searchZones(list, 'Zürich').map((z) => z.id)).toEqual(['Europe/Zurich']);
  });
  it('finds a zone by its local name', () => {
    expect(searchZones(list, 'central european').map((z) => z.id)).toEqual(['Europe/Berlin', 'Europe/Zurich']);
  });
  it('finds zones by offset', () => {
    expect(searchZones(list, '+05:30').map((z) => z.id)).toEqual(['Asia/Kolkata']);
    expect(searchZones(list, 'GMT-5').map((z) => z.id)).toEqual(['America/New_York']);
  });
  it('finds nothing for nonsense', () => {
    expect(searchZones(list, 'atlantis')).toEqual([]);
  });
});

describe('search ranking', () => {
  it('puts cities starting with the query first', () => {
    const list = buildZoneList('en-US', new Date('2026-01-15T12:00:00Z'), ['America/St_Johns', 'America/New_York', 'Pacific/Port_Moresby']);
    expect(searchZones(list, 'new').map((z) => z.id)).toEqual(['America/New_York', 'America/St_Johns', 'Pacific/Port_Moresby']);
  });
});

describe('the maintained list of zones', () => {
  // Today's names and the old ones, countries and abbreviations, as people type them.
  const list = buildZoneList('en-US', winter, supportedTimeZones(), [], getTimeZones({ includeUtc: true }));
  const found = (q: string) => searchZones(list, q).map((z) => z.id);
  it.each([
    ['Kolkata', 'Asia/Kolkata'],
    ['Calcutta', 'Asia/Kolkata'],
    ['Kyiv', 'Europe/Kyiv'],
    ['Kiev', 'Europe/Kyiv'],
    ['Ho Chi Minh', 'Asia/Ho_Chi_Minh'],
    ['Saigon', 'Asia/Ho_Chi_Minh'],
    ['Yangon', 'Asia/Yangon'],
    ['Rangoon', 'Asia/Yangon'],
    ['Nuuk', 'America/Nuuk'],
    ['Godthab', 'America/Nuuk'],
    ['India', 'Asia/Kolkata'],
    ['Mumbai', 'Asia/Kolkata'],
    ['IST', 'Asia/Kolkata'],
  ])('finds %s', (q, id) => {
    expect(found(q)).toContain(id);
  });
  it('lists each zone once, by its current name', () => {
    const ids = list.map((z) => z.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).not.toContain('Asia/Calcutta');
    expect(ids).toContain('Asia/Kolkata');
  });
  it('knows a zone by its old name', () => {
    const kolkata = list.find((z) => z.id === 'Asia/Kolkata')!;
    expect(sameZone(kolkata, 'Asia/Calcutta')).toBe(true);
  });
});
