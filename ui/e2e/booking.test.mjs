// A visitor books the demo calendar end to end, in English from New York and
// in German from Berlin, reschedules, cancels, downloads the calendar file,
// and gets the e-mails.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { SHOTS, consented, mailsTo, messages, pickSlot, serveAndBrowse, waitForHydration, watchConsole } from './harness.mjs';

const env = serveAndBrowse();

// Error statuses of documents are logged by Chromium itself; they are the
// test's intent, not a problem of the page.
const real = (problems) => problems.filter((p) => !/status of (404|409|410|422)/.test(p));

const waitForMails = (email, n) => mailsTo(env.server.dataDir, email, n);

describe('booking the demo calendar', () => {
  test('in English from New York: book, get mail and .ics, reschedule, cancel', async () => {
    const en = messages('en-US');
    const ctx = await consented(env.browser, env.server.base, { timezoneId: 'America/New_York', viewport: { width: 390, height: 844 }, locale: 'en-US' });
    const page = await ctx.newPage();
    const problems = watchConsole(page);
    await page.goto(env.server.base + '/widget/bookings/demo-consultation');
    await waitForHydration(page);
    // After hydration the widget switches to the visitor's own zone.
    await page.getByRole('button', { name: /Time zone/ }).filter({ hasText: 'Eastern' }).waitFor();
    const { label, start } = await pickSlot(page);
    assert.match(label, /Eastern/, 'slot buttons name their zone');
    assert.match(start, /-0[45]:00$/, 'slot times are in New York');

    await page.getByRole('button', { name: en['booking.submit'] }).click();
    for (const id of ['validation.required.firstName', 'validation.required.lastName', 'validation.required.email', 'validation.required.location']) {
      await page.getByText(en[id]).first().waitFor();
    }
    await page.getByRole('textbox', { name: /First name/ }).fill('Ada');
    await page.getByRole('textbox', { name: /Last name/ }).fill('Lovelace');
    await page.getByRole('textbox', { name: /Email/ }).fill('ada.e2e@example.com');
    await page.getByRole('textbox', { name: /Phone/ }).fill('not a phone');
    await page.getByRole('combobox', { name: /Location/ }).selectOption({ index: 1 });
    await page.getByRole('button', { name: en['booking.submit'] }).click();
    await page.getByText(en['validation.phoneInvalid']).waitFor();
    await page.getByRole('textbox', { name: /Phone/ }).fill('+1 212 555 0100');
    await page.getByRole('button', { name: en['booking.submit'] }).click();
    await page.getByRole('heading', { name: en['booking.status.scheduled'] }).waitFor();
    await page.screenshot({ path: join(SHOTS, 'booking-confirmed-phone.png'), fullPage: true });

    // Add to calendar: Google and Outlook links, and the .ics file.
    assert.match(await page.getByRole('link', { name: /Google/ }).getAttribute('href'), /^https:\/\/calendar\.google\.com\//);
    assert.match(await page.getByRole('link', { name: /Outlook/ }).getAttribute('href'), /^https:\/\/outlook\.live\.com\//);
    const icsLink = page.getByRole('link', { name: /iCal/ });
    const [download] = await Promise.all([page.waitForEvent('download'), icsLink.click()]);
    const ics = readFileSync(await download.path(), 'utf8');
    assert.match(ics, /BEGIN:VCALENDAR/);
    assert.match(ics, /DTSTART:\d{8}T\d{6}Z/);
    assert.match(download.suggestedFilename(), /\.ics$/);

    // The booker's and the staff member's mails leave through the outbox.
    const mails = await waitForMails('ada.e2e@example.com', 2);
    assert.ok(mails.length >= 2, `mails: ${mails.length}`);
    assert.ok(mails.some((m) => m.includes('invite.ics')));

    // Reschedule through the link on the confirmation (a client-side navigation).
    await page.getByRole('link', { name: en['booking.manage.reschedule'] }).click();
    await page.getByText(en['booking.reschedule.title']).first().waitFor();
    // The calendar opens on the day being moved from (in New York).
    assert.equal(await page.locator('td[aria-selected="true"] [data-date]').getAttribute('data-date'), start.slice(0, 10));
    await pickSlot(page, { except: start });
    // The confirmation says the date and the zone once, and offers one Back.
    await page.getByRole('button', { name: en['booking.reschedule.confirm'] }).waitFor();
    assert.equal(await page.getByText(en['booking.summary.timeZone'], { exact: true }).count(), 1);
    assert.equal(await page.getByRole('link', { name: en['booking.back'] }).count(), 1);
    await page.getByRole('button', { name: en['booking.reschedule.confirm'] }).click();
    await page.getByRole('heading', { name: en['booking.status.rescheduled'] }).waitFor();
    await waitForMails('ada.e2e@example.com', 3);

    // Cancel with a reason.
    await page.getByRole('link', { name: en['booking.manage.cancel'] }).click();
    await page.getByRole('textbox', { name: en['booking.cancel.reason'] }).fill('Something came up');
    await page.getByRole('button', { name: en['booking.cancel.submit'] }).click();
    await page.getByRole('heading', { name: en['booking.status.cancelled'] }).waitFor();
    const manageURL = new URL(page.url());

    // The manage link of a cancelled booking shows it, cancelled, with a way to book again.
    const res = await page.goto(env.server.base + manageURL.pathname + manageURL.search);
    assert.equal(res.status(), 200);
    await page.getByRole('heading', { name: en['booking.status.cancelled'] }).waitFor();
    await page.getByRole('link', { name: en['booking.bookAgain'] }).click();
    await page.getByRole('grid').waitFor();
    assert.deepEqual(real(problems), []);
    await ctx.close();
  });

  test('in German from Berlin with a named person', async () => {
    const de = messages('de');
    assert.notEqual(de['booking.status.scheduled'], messages('en-US')['booking.status.scheduled'], 'German has its own text');
    const ctx = await consented(env.browser, env.server.base, { timezoneId: 'Europe/Berlin', viewport: { width: 1280, height: 800 }, locale: 'de-DE' });
    const page = await ctx.newPage();
    const problems = watchConsole(page);
    await page.goto(env.server.base + '/de/widget/bookings/demo-consultation');
    await waitForHydration(page);
    assert.equal(await page.getAttribute('html', 'lang'), 'de');
    await page.getByText(de['booking.staff.label']).waitFor();
    await page.getByRole('radio', { name: /Jonas Becker/ }).check();
    await pickSlot(page, { nth: 1, nextMonthLabel: de['booking.calendar.nextMonth'] });
    await page.getByRole('button', { name: de['booking.submit'] }).click();
    await page.getByText(de['validation.required.firstName']).waitFor();
    await page.getByRole('textbox', { name: new RegExp(de['booking.field.firstName']) }).fill('Grete');
    await page.getByRole('textbox', { name: new RegExp(de['booking.field.lastName']) }).fill('Müller');
    await page.getByRole('textbox', { name: new RegExp(de['booking.field.email']) }).fill('grete@example.de');
    await page.getByRole('combobox', { name: new RegExp(de['booking.field.location']) }).selectOption({ index: 1 });
    await page.getByRole('button', { name: de['booking.submit'] }).click();
    await page.getByRole('heading', { name: de['booking.status.scheduled'] }).waitFor();
    assert.ok((await page.textContent('main')).includes('Jonas Becker'));
    await page.screenshot({ path: join(SHOTS, 'booking-confirmed-de.png'), fullPage: true });
    const mails = await waitForMails('grete@example.de', 1);
    assert.ok(mails.length >= 1);
    assert.deepEqual(real(problems), []);
    await ctx.close();
  });

  test('a slot taken meanwhile is refused with the spec message and fresh times', async () => {
    const en = messages('en-US');
    const ctx = await consented(env.browser, env.server.base, { timezoneId: 'Europe/Berlin' });
    const page = await ctx.newPage();
    await page.goto(env.server.base + '/widget/bookings/demo-consultation');
    await waitForHydration(page);
    const { start } = await pickSlot(page, { nth: 3 });
    // Other visitors take everyone free at that time (one or two people).
    const statuses = [];
    for (const email of ['x1@example.com', 'x2@example.com']) {
      const res = await fetch(env.server.base + '/api/bookings', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ calendar: 'demo-consultation', start, tz: 'Europe/Berlin', contact: { firstName: 'X', lastName: 'Y', email, location: 'Lindenstraße 12, 10969 Berlin' } }),
      });
      statuses.push(res.status);
    }
    assert.equal(statuses[0], 201, `statuses ${statuses}`);
    assert.ok([201, 409].includes(statuses[1]), `statuses ${statuses}`);
    await page.getByRole('textbox', { name: /First name/ }).fill('Late');
    await page.getByRole('textbox', { name: /Last name/ }).fill('Comer');
    await page.getByRole('textbox', { name: /Email/ }).fill('late@example.com');
    await page.getByRole('combobox', { name: /Location/ }).selectOption({ index: 1 });
    await page.getByRole('button', { name: en['booking.submit'] }).click();
    await page.getByText(en['booking.error.resourceUnavailable']).waitFor();
    await page.locator(`button[data-slot]`).first().waitFor();
    await page.waitForFunction((s) => !document.querySelector(`button[data-slot="${s}"]`), start, { timeout: 5000 });
    await ctx.close();
  });
});
