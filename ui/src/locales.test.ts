import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { describe, expect, it } from 'vitest';
import { routes } from './routes';

const dir = join(__dirname, '../../locales');
const load = (f: string) => JSON.parse(readFileSync(join(dir, f), 'utf8')) as Record<string, string>;
const english = load('en-US.json');
const others = ['da', 'de', 'es', 'fr', 'hu', 'it', 'nl', 'pl', 'pt-br', 'pt'];

// Brand names, unit abbreviations and words that are the same in English
// and the language; messages made only of placeholders are exempt anyway.
const SAME_AS_ENGLISH = new Set([
  'site.name', 'site.kind.collection', 'screen.website.title', 'site.kind.product',
  'booking.calendar.google', 'booking.calendar.outlook', 'booking.calendar.ical',
  'booking.duration.minutes', 'booking.duration.hours', 'booking.duration.hoursMinutes', 'booking.field.optional',
  'site.blog.tags', 'site.pageTitle', 'site.shop.inCollections', 'site.menu', 'home.group.book',
  'admin.booking.title', 'admin.booking.email', 'admin.booking.notes', 'admin.role.staff', 'admin.filter.staff', 'admin.nav.label', 'admin.note.heading',
  'admin.why.person', 'admin.why.date', 'admin.book.submit', 'admin.settings.name',
  'admin.connections.webhooks', 'admin.connections.tokenName', 'admin.connections.description', 'admin.orders.status',
]);
const onlyPlaceholders = (msg: string) => !/\p{L}/u.test(msg.replace(/\{[^{}]*\}/g, ''));

function placeholders(msg: string): string[] {
  const names = new Set<string>();
  const walk = (els: MessageFormatElement[]) => {
    for (const el of els) {
      if (el.type === TYPE.argument || el.type === TYPE.number || el.type === TYPE.date || el.type === TYPE.time) names.add(el.value);
      if (el.type === TYPE.plural || el.type === TYPE.select) {
        names.add(el.value);
        Object.values(el.options).forEach((o) => walk(o.value));
      }
      if (el.type === TYPE.tag) walk(el.children);
    }
  };
  walk(parse(msg));
  return [...names].sort();
}

describe('message catalogues', () => {
  it('exist for exactly the eleven languages', () => {
    expect(readdirSync(dir).filter((f) => f.endsWith('.json')).sort()).toEqual(['en-US.json', ...others.map((l) => `${l}.json`)].sort());
  });

  it.each(others)('%s has every message, with the same placeholders', (locale) => {
    const cat = load(`${locale}.json`);
    expect(Object.keys(cat).sort()).toEqual(Object.keys(english).sort());
    for (const [id, msg] of Object.entries(cat)) {
      expect(placeholders(msg), `${locale} ${id}`).toEqual(placeholders(english[id]));
    }
  });

  it.each(others)('%s leaves no English behind', (locale) => {
    const cat = load(`${locale}.json`);
    const untranslated = Object.keys(english).filter((id) => !SAME_AS_ENGLISH.has(id) && !onlyPlaceholders(english[id]) && cat[id] === english[id]);
    expect(untranslated).toEqual([]);
  });

  it('has every message id the code uses', () => {
    const used = new Set<string>();
    const scan = (d: string) => {
      for (const e of readdirSync(d, { withFileTypes: true })) {
        const p = join(d, e.name);
        if (e.isDirectory()) scan(p);
        else if (/\.tsx?$/.test(e.name) && !e.name.endsWith('.test.ts')) {
          const src = readFileSync(p, 'utf8');
          for (const m of src.matchAll(/\bid[=:]\s*["']([a-zA-Z0-9_]+\.[a-zA-Z0-9_.]+)["']/g)) used.add(m[1]);
        }
      }
    };
    scan(__dirname);
    const go = readFileSync(join(__dirname, '../../backend/internal/web/sites_loaders.go'), 'utf8');
    for (const m of go.matchAll(/"((?:home|site|screen)\.[a-zA-Z0-9_.]+)"/g)) used.add(m[1]);
    for (const r of routes) {
      // The dashboard's screens name their own texts (admin.*): no public
      // head or lead is made of them.
      if (r.layout === 'error' || r.layout === 'admin' || r.name === 'index') continue;
      used.add(`screen.${r.name}.title`);
      used.add(`screen.${r.name}.lead`);
      r.paths.forEach((p) => r.name === 'website' && p.kind && p.kind !== 'page' && used.add(`site.kind.${p.kind}`));
    }
    const missing = [...used].filter((id) => !(id in english) && !id.endsWith('.'));
    expect(missing).toEqual([]);
  });
});
