import fs from 'node:fs';
import { describe, expect, it } from 'vitest';

// The build (make build runs before the tests) says what each layout's pages
// link and preload; the Go server trusts it, so check its shape here.
const built = JSON.parse(fs.readFileSync('ui/dist/client/layout-assets.json', 'utf8'));
const exists = (href) => fs.existsSync('ui/dist/client' + href);
// classes: what each class of a CSS module became (ui/build/class-names.js).
const classes = JSON.parse(fs.readFileSync('ui/dist/server/classes.json', 'utf8'));
const built_ = (file, cls) => new RegExp(`\\.${classes[file][cls]}\\b`);

describe('layout assets', () => {
  it.each(['calendar', 'form', 'page'])('%s: its chunk is preloaded, its styles linked, every file exists', (layout) => {
    const { scripts, styles } = built[layout];
    expect(scripts.some((s) => s.startsWith(`/assets/layout-${layout}.`))).toBe(true);
    expect(styles.length).toBeGreaterThan(0);
    for (const f of [...scripts, ...styles]) expect(exists(f), f).toBe(true);
  });

  it('the booker links the styles of the steps it fetches later, so a server-rendered step is styled without scripts', () => {
    const css = built.calendar.styles.map((f) => fs.readFileSync('ui/dist/client' + f, 'utf8')).join('\n');
    const parts = ['components/DetailsForm', 'components/Confirmation', 'components/GuestsFields', 'MenuScreen', 'Screens'];
    for (const part of parts) {
      const source = fs.readFileSync(`ui/src/features/booking/${part}.module.css`, 'utf8');
      const first = /\.([a-zA-Z][\w-]*)/.exec(source)[1];
      expect(css, `${part}: .${first}`).toMatch(built_(`features/booking/${part}.module.css`, first));
    }
    expect(built.calendar.scripts.some((s) => /booker-details/.test(s))).toBe(false);
  });

  it.each([
    ['features/booking/components/GuestsFields.module.css', 'count'],
    ['features/forms/Forms.module.css', 'country'],
  ])("a field's own class (%s .%s) comes after Field's input, which it refines", (file, cls) => {
    const css = built.calendar.styles.map((f) => fs.readFileSync('ui/dist/client' + f, 'utf8')).join('\n');
    const input = css.search(built_('components/Field.module.css', 'input'));
    const own = css.search(built_(file, cls));
    expect(input).toBeGreaterThanOrEqual(0);
    expect(own).toBeGreaterThan(input);
  });
});

describe('class names', () => {
  it('no two classes of the CSS modules became the same short name', () => {
    const seen = new Map();
    for (const [file, names] of Object.entries(classes)) {
      for (const [cls, ident] of Object.entries(names)) {
        expect(seen.get(ident), `${file} .${cls} is ${ident}`).toBeUndefined();
        seen.set(ident, `${file} .${cls}`);
      }
    }
    expect(seen.size).toBeGreaterThan(100);
  });
});
