import fs from 'node:fs';
import { describe, expect, it } from 'vitest';

// The build (make build runs before the tests) says what each layout's pages
// link and preload; the Go server trusts it, so check its shape here.
const built = JSON.parse(fs.readFileSync('ui/dist/client/layout-assets.json', 'utf8'));
const exists = (href) => fs.existsSync('ui/dist/client' + href);

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
      expect(css, `${part}: .${first}`).toMatch(new RegExp(`\\.${first}_[\\w-]{6}\\b`));
    }
    expect(built.calendar.scripts.some((s) => /booker-details/.test(s))).toBe(false);
  });

  it.each([
    ['GuestsFields', 'count'],
    ['DetailsForm', 'country'],
  ])("a field's own class (%s .%s) comes after Field's input, which it refines", (_part, cls) => {
    const css = built.calendar.styles.map((f) => fs.readFileSync('ui/dist/client' + f, 'utf8')).join('\n');
    const input = css.search(/\.input_[\w-]{6}\b/);
    const own = css.search(new RegExp(`\\.${cls}_[\\w-]{6}\\b`));
    expect(input).toBeGreaterThanOrEqual(0);
    expect(own).toBeGreaterThan(input);
  });
});
