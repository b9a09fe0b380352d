// A booker cancels: with JavaScript off through the cancel screen's form
// post, and with it on, then Back and reload stay truthful. Each booking is
// at the first free time the server offers, whatever day the test runs.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { SHOTS, axe, consented, fillDetails, htmlProblems, mailsTo, messages, pickSlot, serveAndBrowse, waitForHydration, watchConsole } from './harness.mjs';

const env = serveAndBrowse();
const en = messages('en-US');
const real = (problems) => problems.filter((p) => !/status of (404|409|410|422)/.test(p));

// cancellationsTo counts the mails telling the booker their booking is
// cancelled, once the first has left and a moment more, so a second would
// be seen too.
async function cancellationsTo(email) {
  const toBooker = (mails) => mails.filter((m) => new RegExp(`^To: .*${email.replace(/\./g, '\\.')}`, 'm').test(m) && /^Subject: (=\?utf-8\?q\?)?Booking[ _]cancelled:/im.test(m));
  for (let i = 0; i < 100 && toBooker(await mailsTo(env.server.dataDir, email, 1)).length === 0; i++) await new Promise((r) => setTimeout(r, 100));
  await new Promise((r) => setTimeout(r, 1500));
  return toBooker(await mailsTo(env.server.dataDir, email, 1)).length;
}

const reasonBox = (page) => page.getByRole('textbox', { name: en['booking.cancel.reason'] });
const cancelledHeading = (page) => page.getByRole('heading', { name: en['booking.status.cancelled'] });

describe('cancelling a booking', () => {
  test('with JavaScript off: the form posts, a refusal keeps the reason, and the booker lands on the cancellation', async () => {
    const email = 'ada.cancel.nojs@example.com';
    const ctx = await consented(env.browser, env.server.base, { javaScriptEnabled: false, locale: 'en-US', viewport: { width: 390, height: 844 } });
    const page = await ctx.newPage();
    await page.goto(env.server.base + '/widget/bookings/demo-consultation');
    await page.locator('table[role=grid] button[type=submit]').first().click();
    await page.waitForURL(/date=\d{4}-\d{2}-\d{2}/);
    await page.locator('button[data-slot]').first().click();
    await page.waitForURL(/time=/);
    await fillDetails(page, en, email);
    await page.getByRole('combobox', { name: /Location/ }).selectOption({ index: 1 });
    await page.getByRole('button', { name: en['booking.submit'] }).click();
    await page.waitForURL(/\/widget\/booking\/bk_[^?]+\?token=/);
    await page.getByRole('heading', { name: en['booking.status.scheduled'] }).waitFor();

    // The cancel link, then a reason too long: the same screen comes back
    // with why, and the reason as typed.
    await page.getByRole('link', { name: en['booking.manage.cancel'], exact: true }).click();
    await page.waitForURL(/\/widget\/booking\/cancel-booking\?id=bk_/);
    const cancelURL = page.url();
    const tooLong = 'x'.repeat(501);
    await reasonBox(page).fill(tooLong);
    await page.getByRole('button', { name: en['booking.cancel.submit'] }).click();
    await page.getByText(en['validation.reasonTooLong'].replace('{max}', '500')).waitFor();
    assert.equal(await reasonBox(page).inputValue(), tooLong);
    assert.equal(page.url(), cancelURL, 'the refused post stays on the cancel screen');
    await page.screenshot({ path: join(SHOTS, 'cancel-nojs-refused-phone.png'), fullPage: true });

    // By keyboard only: the reason, then Tab to the button and Enter.
    await reasonBox(page).fill('');
    await reasonBox(page).focus();
    await page.keyboard.type('Something came up');
    await page.keyboard.press('Tab');
    assert.equal(await page.evaluate(() => document.activeElement?.textContent), en['booking.cancel.submit']);
    await page.keyboard.press('Enter');
    await cancelledHeading(page).waitFor();
    assert.equal(page.url(), cancelURL, 'the post answers with the same screen (303)');
    await page.getByText('Something came up').waitFor();
    assert.equal(await page.getByRole('button', { name: en['booking.cancel.submit'] }).count(), 0, 'no form for a cancelled booking');
    await page.screenshot({ path: join(SHOTS, 'cancel-nojs-phone.png'), fullPage: true });

    // Reload: the page asks again (a GET after the 303) and says the same.
    const again = await page.reload();
    assert.equal(again.status(), 200);
    await cancelledHeading(page).waitFor();
    assert.equal(await cancellationsTo(email), 1, 'one cancellation mail');
    await ctx.close();
  });

  test('with JavaScript on: cancelled by keyboard, then Back, reload and Forward stay truthful', async () => {
    const email = 'ada.cancel.back@example.com';
    // The page's CSP allows its own scripts only; the auditor is injected past it.
    const ctx = await consented(env.browser, env.server.base, { timezoneId: 'Europe/Berlin', locale: 'en-US', viewport: { width: 1280, height: 800 }, bypassCSP: true });
    const page = await ctx.newPage();
    const problems = watchConsole(page);
    await page.goto(env.server.base + '/widget/bookings/demo-consultation');
    await waitForHydration(page);
    await pickSlot(page);
    await fillDetails(page, en, email);
    await page.getByRole('combobox', { name: /Location/ }).selectOption({ index: 1 });
    await page.getByRole('button', { name: en['booking.submit'] }).click();
    await page.getByRole('heading', { name: en['booking.status.scheduled'] }).waitFor();
    const bookingURL = page.url();

    await page.getByRole('link', { name: en['booking.manage.cancel'], exact: true }).click();
    await reasonBox(page).waitFor();
    const cancelURL = page.url();
    // The way out: "Keep my booking" leads back to the booking, unchanged.
    await page.getByRole('link', { name: en['booking.cancel.keepBooking'] }).click();
    await page.getByRole('heading', { name: en['booking.status.scheduled'] }).waitFor();
    assert.equal(page.url(), bookingURL);
    await page.goBack();
    await reasonBox(page).waitFor();
    // The screen as the server sends it (the form a browser without scripts
    // posts) is valid HTML, and the hydrated one has no accessibility faults.
    const html = await (await fetch(cancelURL, { headers: { Cookie: 'slotwise_consent=all' } })).text();
    const form = html.match(/<form[^>]*>/)?.[0] ?? '';
    assert.match(form, / method="post"/);
    assert.match(form, / action="\/widget\/booking\/cancel-booking\?id=bk_[^"]+&amp;token=[^"]+"/);
    assert.equal(await htmlProblems(html), '', 'the cancel screen is not valid HTML');
    assert.deepEqual(await axe(page), [], 'the cancel screen has accessibility violations');
    // By keyboard only: the reason, Tab to the button, Enter. This screen
    // is the question; its button cancels, with no second dialog.
    await reasonBox(page).focus();
    await page.keyboard.type('Travelling');
    await page.keyboard.press('Tab');
    assert.equal(await page.evaluate(() => document.activeElement?.textContent), en['booking.cancel.submit']);
    await page.keyboard.press('Enter');
    await cancelledHeading(page).waitFor();
    assert.equal(await page.getByRole('dialog').count(), 0, 'a second dialog asked again');
    assert.ok(await cancelledHeading(page).evaluate((el) => el === document.activeElement), 'focus moves to the outcome');

    // Back: the booking's page, asked again, says cancelled and offers no
    // way to cancel or reschedule it.
    const truthful = async (what) => {
      await cancelledHeading(page).waitFor();
      assert.equal(await page.getByRole('link', { name: en['booking.manage.cancel'], exact: true }).count(), 0, `${what}: no cancel link`);
      assert.equal(await page.getByRole('link', { name: en['booking.manage.reschedule'] }).count(), 0, `${what}: no reschedule link`);
      assert.equal(await page.getByRole('alert').count(), 0, `${what}: no error`);
      assert.equal(await page.getByRole('button', { name: en['booking.cancel.submit'] }).count(), 0, `${what}: no cancel form`);
    };
    await page.goBack();
    await page.waitForURL(bookingURL);
    await truthful('Back');
    await page.reload();
    await waitForHydration(page);
    await truthful('reload after Back');
    // Forward to the cancel screen, and reload it: cancelled, no form.
    await page.goForward();
    await page.waitForURL(cancelURL);
    await truthful('Forward');
    await page.reload();
    await waitForHydration(page);
    await truthful('reload of the cancel screen');
    await page.getByText('Travelling').waitFor();
    assert.deepEqual(await axe(page), [], 'the cancelled screen has accessibility violations');
    assert.equal(await htmlProblems(await (await fetch(cancelURL, { headers: { Cookie: 'slotwise_consent=all' } })).text()), '', 'the cancelled screen is not valid HTML');

    assert.equal(await cancellationsTo(email), 1, 'one cancellation mail');
    assert.deepEqual(real(problems), []);
    await ctx.close();
  });
});
