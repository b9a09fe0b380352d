import { isValidTimeZone, zoneCity, zoneName, zoneOffsetMinutes, zonePart } from './zoneNames';

export { isValidTimeZone, zoneCity, zoneName, zoneOffsetMinutes } from './zoneNames';

// Time zone names, offsets and search for a zone picker. Everything here
// reads Intl at call time, so call it in the browser after hydration (the
// list of zones differs between engines).

export interface ZoneEntry {
  id: string; // IANA name
  city: string; // the last part of the id, readable: "New York"
  name: string; // localized long generic name: "Eastern Time"
  offsetMinutes: number; // at the reference instant
  offsetLabel: string; // localized short offset: "GMT-5"
  haystack: string; // normalized text searched by city or name
  aliases: string[]; // every name the zone goes by (current and old)
}

export function normalizeSearch(s: string): string {
  return s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[_/]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

// parseOffsetQuery reads an offset a visitor types: "+05:30", "+5:30",
// "-5", "GMT-5", "UTC+1", "utc", "GMT+0530". null when it is not one.
export function parseOffsetQuery(q: string): number | null {
  const s = q.trim().replace(/\u2212/g, '-').replace(/\s+/g, '').toLowerCase();
  if (s === 'gmt' || s === 'utc' || s === 'z') return 0;
  const m = /^(?:gmt|utc)?([+-])(\d{1,2})(?:[:.h]?(\d{2}))?$/.exec(s);
  if (!m) return null;
  const h = Number(m[2]);
  const min = Number(m[3] ?? 0);
  if (h > 14 || min > 59) return null;
  const total = h * 60 + min;
  return m[1] === '-' ? -total : total;
}

export function supportedTimeZones(): string[] {
  const intl = Intl as typeof Intl & { supportedValuesOf?: (k: string) => string[] };
  try {
    return intl.supportedValuesOf ? intl.supportedValuesOf('timeZone') : [];
  } catch {
    return [];
  }
}

// KnownZone is what a maintained list of zones (@vvo/tzdb) says of one:
// its current name, the old names it replaced (Kiev, Calcutta, Saigon,
// Rangoon, Godthab…), its country, main cities and abbreviation.
export interface KnownZone {
  name: string;
  group: string[];
  alternativeName?: string;
  countryName?: string;
  mainCities?: string[];
  abbreviation?: string;
}

// buildZoneList names every zone in the visitor's language, sorted by
// offset and then city. `include` adds zones the engine may not list (UTC,
// or an alias the browser reports). With `known`, each zone goes by its
// current name (an engine may still list Asia/Calcutta) and is found by
// its old names, country, cities and abbreviation too.
export function buildZoneList(locale: string, at: Date, ids: string[] = supportedTimeZones(), include: string[] = [], known: KnownZone[] = []): ZoneEntry[] {
  const byAlias = new Map<string, KnownZone>();
  for (const k of known) for (const alias of [k.name, ...k.group]) byAlias.set(alias, k);
  const all = new Map<string, KnownZone | undefined>();
  for (const raw of [...ids, ...known.map((k) => k.name), 'UTC', ...include]) {
    const k = byAlias.get(raw);
    const id = k && isValidTimeZone(k.name) ? k.name : raw;
    if (!all.has(id) && isValidTimeZone(id)) all.set(id, k);
  }
  const list: ZoneEntry[] = [];
  for (const [id, k] of all) {
    const name = zoneName(locale, id, at);
    const offsetLabel = zonePart(locale, id, at, 'shortOffset');
    const city = zoneCity(id);
    const extra = k ? [...k.group.map(zoneCity), k.alternativeName, k.countryName, ...(k.mainCities ?? []), k.abbreviation].filter(Boolean).join(' ') : '';
    list.push({ id, city, name, offsetMinutes: zoneOffsetMinutes(id, at), offsetLabel, haystack: normalizeSearch(`${city} ${id} ${name} ${extra}`), aliases: k?.group ?? [id] });
  }
  list.sort((a, b) => a.offsetMinutes - b.offsetMinutes || a.city.localeCompare(b.city, locale));
  return list;
}

// sameZone: the entry is the zone (or one of its old names).
export function sameZone(entry: ZoneEntry, id: string): boolean {
  return entry.id === id || entry.aliases.includes(id);
}

// searchZones finds zones by offset ("+05:30", "GMT-5") or else by every
// word of the query appearing in the city, the IANA name or the local name.
export function searchZones(list: ZoneEntry[], query: string): ZoneEntry[] {
  const q = query.trim();
  if (!q) return list;
  const offset = parseOffsetQuery(q);
  if (offset !== null) return list.filter((z) => z.offsetMinutes === offset);
  const norm = normalizeSearch(q);
  const words = norm.split(' ');
  const found = list.filter((z) => words.every((w) => z.haystack.includes(w)));
  // Cities that start with what was typed come first ("new" → New York
  // before St Johns in "Newfoundland Time"); the list order stays otherwise.
  const starts = (z: ZoneEntry) => (normalizeSearch(z.city).startsWith(norm) ? 0 : 1);
  return found.map((z, i) => [z, i] as const).sort((a, b) => starts(a[0]) - starts(b[0]) || a[1] - b[1]).map(([z]) => z);
}
