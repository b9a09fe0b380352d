// Takes the README's screenshots from the demo: the booker on a phone and
// the website on a laptop, as PNGs small enough for git (each well under
// 1 MB; a test in backend/internal/tracked holds every file to that).
//
//   make build && node scripts/screenshots.mjs [OUT_DIR]   (default docs/images)
//
// The demo's dates are the day it runs, so the pictures change when taken
// again; nothing else should.
import { mkdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { consented, launchBrowser, startServer, waitForHydration } from '../ui/e2e/harness.mjs';

const out = process.argv[2] ?? join(process.cwd(), 'docs', 'images');
mkdirSync(out, { recursive: true });

const shots = [
  {
    file: 'booker-phone.png',
    viewport: { width: 390, height: 844 },
    path: '/widget/bookings/demo-consultation',
    // The first day with free times, chosen as a visitor would, scrolled
    // so the month and the day's times share the screen.
    async act(page) {
      await page.locator('table[role=grid] button:not([aria-disabled])').first().click();
      await page.locator('button[data-slot]').first().waitFor();
      await page.locator('table[role=grid]').evaluate((grid) => window.scrollTo(0, grid.getBoundingClientRect().top + window.scrollY - 80));
    },
  },
  { file: 'website-laptop.png', viewport: { width: 1280, height: 800 }, path: '/' },
  { file: 'quiz-phone.png', viewport: { width: 390, height: 844 }, path: '/widget/quiz/demo-quiz' },
];

const server = await startServer();
const browser = await launchBrowser();
try {
  for (const shot of shots) {
    const ctx = await consented(browser, server.base, { viewport: shot.viewport, deviceScaleFactor: 1, timezoneId: 'Europe/Berlin', locale: 'en-US' });
    const page = await ctx.newPage();
    const res = await page.goto(server.base + shot.path);
    if (!res.ok()) throw new Error(`${shot.path} answered ${res.status()}`);
    await waitForHydration(page);
    await shot.act?.(page);
    const file = join(out, shot.file);
    await page.screenshot({ path: file, type: 'png' });
    console.log(`${file}: ${Math.round(statSync(file).size / 1024)} KB`);
    await ctx.close();
  }
} finally {
  await browser.close();
  await server.stop();
}
