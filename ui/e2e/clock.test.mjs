// Booking works whatever the hour and the day: the server's clock starts at
// moments that once broke tests that assumed a free afternoon or a month
// with days left (SLOTWISE_TEST_CLOCK), and a visitor books the first free
// time the widget offers.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { consented, launchBrowser, messages, pickSlot, startServer, waitForHydration } from './harness.mjs';

const moments = [
  ['a Friday afternoon, with one slot left today', '2026-11-20T14:20:00+01:00'],
  ['the last working hour of a month', '2026-11-30T16:40:00+01:00'],
  ['New Year’s Eve night, a weekend ahead', '2026-12-31T23:30:00+01:00'],
];

describe('booking at awkward moments', () => {
  let browser;
  before(async () => {
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
  });

  for (const [name, now] of moments) {
    test(name, async () => {
      const server = await startServer({ SLOTWISE_TEST_CLOCK: now });
      try {
        const en = messages('en-US');
        const ctx = await consented(browser, server.base, { timezoneId: 'Europe/Berlin', locale: 'en-US' });
        const page = await ctx.newPage();
        await page.goto(server.base + '/widget/bookings/demo-consultation');
        await waitForHydration(page);
        const { start } = await pickSlot(page, { nth: 1 });
        assert.ok(new Date(start) > new Date(now), `${start} is after ${now}`);
        await page.getByRole('textbox', { name: /First name/ }).fill('Ada');
        await page.getByRole('textbox', { name: /Last name/ }).fill('Lovelace');
        await page.getByRole('textbox', { name: /Email/ }).fill('ada.clock@example.com');
        await page.getByRole('combobox', { name: /Location/ }).selectOption({ index: 1 });
        await page.getByRole('button', { name: en['booking.submit'] }).click();
        await page.getByRole('heading', { name: en['booking.status.scheduled'] }).waitFor();
        await ctx.close();
      } finally {
        assert.equal(await server.stop(), 0);
      }
    });
  }
});
