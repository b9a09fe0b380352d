import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import ids from './message-ids.js';

const { messageManifest, referencedIds, reachable } = ids;
const src = path.resolve('ui/src');
const catalogue = JSON.parse(fs.readFileSync('locales/en-US.json', 'utf8'));
const manifest = messageManifest(src, catalogue);
const layouts = ['calendar', 'form', 'page', 'error'];

describe('referencedIds', () => {
  const known = new Set(['a.one', 'a.two', 'screen.bookings.title', 'screen.form.title', 'screen.form.lead']);
  it.each([
    ["<FormattedMessage id='a.one' />", ['a.one']],
    ['formatMessage({ id: busy ? "a.one" : "a.two" })', ['a.one', 'a.two']],
    ['<FormattedMessage id={`screen.${page.route}.title`} />', ['screen.bookings.title', 'screen.form.title']],
    ["const label = 'a.three'; // not in the catalogue", []],
    ["import x from './a.one';", []],
  ])('%s', (source, want) => {
    expect([...referencedIds(source, known)].sort()).toEqual(want);
  });
});

describe('the message manifest', () => {
  it('gives each layout the entry’s messages and those of the error screen a page that breaks shows, not the error layout’s others', () => {
    for (const layout of layouts) {
      for (const id of ['error.unavailable', 'error.home', 'cookies.acceptAll', 'a11y.skip']) expect(manifest[layout], `${layout} lacks ${id}`).toContain(id);
    }
    expect(manifest.error).toContain('error.links.send');
    expect(manifest.form).not.toContain('error.links.send'); // the server's error pages bring their own
  });

  it('gives each route its own screen’s texts, its layout’s frame and no other screen’s', () => {
    expect(manifest['form/form']).toContain('form.submit');
    expect(manifest['form/form']).toContain('validation.required');
    expect(manifest['form/form']).not.toContain('booking.cancel.submit');
    expect(manifest['part/booking-cancel']).toContain('booking.cancel.submit'); // a chunk, in the form layout too
    expect(manifest['form/cancelBooking']).not.toContain('form.submit');
    expect(manifest['page/index']).toContain('a11y.skip'); // the page layout's own frame
    for (const [set, ids] of Object.entries(manifest)) {
      if (set.includes('/') && !set.startsWith('part/')) for (const id of ['error.unavailable', 'error.home']) expect(ids, `${set} lacks ${id}`).toContain(id);
    }
  });

  it('leaves the texts of parts fetched as chunks to the parts', () => {
    expect(manifest['calendar/bookings']).toContain('booking.times.title');
    expect(manifest['calendar/bookings']).not.toContain('booking.submit');
    expect(manifest['part/booker-details']).toContain('booking.submit');
    expect(manifest['part/booker-details']).toContain('validation.required'); // the form engine's kit, with the details
    expect(manifest.calendar).toContain('booking.submit'); // what V8 renders with
  });

  it('gives each lazy part that names its texts a set of its own, though it shares its chunk', () => {
    expect(manifest['part/admin-why']).toContain('admin.why.check');
    expect(manifest['part/admin-why']).not.toContain('admin.calendar.bookAt');
    expect(manifest['part/admin-calendar']).toContain('admin.calendar.bookAt');
    expect(manifest['part/admin-screens']).toBeUndefined(); // the chunk's name is no part
  });

  it('keeps mail texts out of every page and other screens’ texts out of the website', () => {
    for (const layout of layouts) expect(manifest[layout].filter((id) => id.startsWith('email.'))).toEqual([]);
    expect(manifest.calendar).toContain('booking.submit');
    expect(manifest.page).not.toContain('booking.submit');
  });

  // Every id-shaped literal a layout's modules write must be a catalogue id
  // in that layout's set: a typo or a missing catalogue entry fails here,
  // not as a raw id on a visitor's screen.
  it.each(layouts)('covers every id the %s layout’s modules write', (layout) => {
    const files = reachable([path.join(src, 'layouts', `${layout}.tsx`)]);
    const idShaped = /'([a-z][a-zA-Z0-9]*(?:\.[a-zA-Z0-9]+)+)'|"([a-z][a-zA-Z0-9]*(?:\.[a-zA-Z0-9]+)+)"/g;
    for (const file of files) {
      for (const m of fs.readFileSync(file, 'utf8').matchAll(idShaped)) {
        const id = m[1] ?? m[2];
        expect(catalogue, `${path.relative(src, file)} uses ${id}, missing from locales/en-US.json`).toHaveProperty([id]);
        expect(manifest[layout], `${path.relative(src, file)} uses ${id}`).toContain(id);
      }
    }
  });
});
