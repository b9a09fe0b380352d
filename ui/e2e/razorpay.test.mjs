// A booker pays a deposit through Razorpay's Hosted Checkout, against the
// project's Razorpay double (backend/cmd/providerdouble): our page posts
// the checkout's form at once (replacing itself in the history, so Back
// from the checkout lands on the held booking, as with Stripe),
// paying posts the booker back to us, and the result page
// says paid, also after a reload; Razorpay's webhook follows.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { SHOTS, consented, fillDetails, messages, pickSlot, waitForHydration, watchConsole, withProviderDouble } from './harness.mjs';

const env = withProviderDouble('razorpay', (url) => ({
  SLOTWISE_RAZORPAY_KEY_ID: 'rzp_test_slotwise',
  SLOTWISE_RAZORPAY_KEY_SECRET: 'rzp_secret_slotwise',
  SLOTWISE_RAZORPAY_WEBHOOK_SECRET: 'rzp_whsec_slotwise',
  SLOTWISE_RAZORPAY_API_URL: url,
}));

// atCheckout waits for the double's checkout page (reached by a form's
// post, which waitForURL does not settle on).
async function atCheckout(page) {
  await page.getByRole('button', { name: 'Pay', exact: true }).waitFor();
  assert.match(page.url(), /\/v1\/checkout\/embedded/);
}

const cases = [
  { locale: 'en-US', prefix: '', email: 'razorpay.en@example.com', width: 390, height: 844, amount: /27\.00/ },
  { locale: 'de', prefix: '/de', email: 'razorpay.de@example.com', width: 1280, height: 800, amount: /27,00/ },
];

describe('paying a deposit through Razorpay', () => {
  for (const c of cases) {
    test(`in ${c.locale} at ${c.width}×${c.height}: details, checkout, Back, pay, result, reload`, async () => {
      const t = messages(c.locale);
      const ctx = await consented(env.browser, env.server.base, { viewport: { width: c.width, height: c.height } });
      const page = await ctx.newPage();
      const problems = watchConsole(page);
      await page.goto(`${env.server.base}${c.prefix}/widget/bookings/demo-paid`);
      await waitForHydration(page);
      await pickSlot(page, { nextMonthLabel: new RegExp(t['booking.calendar.nextMonth']) });
      await fillDetails(page, t, c.email);
      await page.getByRole('textbox', { name: new RegExp(t['booking.field.phone']) }).fill('+49 30 1234567');
      await page.getByRole('checkbox', { name: new RegExp(t['booking.terms.label'].replace(/<\/?a>/g, '')) }).check();
      await page.getByRole('button', { name: t['booking.submit.pay'] }).click();

      // Our page posts the form at once: Razorpay's checkout, with the deposit.
      await atCheckout(page);
      assert.match(await page.locator('body').innerText(), /2700/);
      await page.screenshot({ path: join(SHOTS, `razorpay-checkout-${c.locale}-${c.width}.png`), fullPage: true });

      // Back from the checkout: the held booking (our page that posted the
      // form replaced itself), with a way to pay.
      await page.goBack();
      await page.waitForURL(/\/widget\/booking\/bk_/);
      await waitForHydration(page);
      await page.getByRole('heading', { name: t['booking.status.pending'] }).waitFor();
      await page.screenshot({ path: join(SHOTS, `razorpay-held-${c.locale}-${c.width}.png`), fullPage: true });
      const pay = page.getByRole('button', { name: new RegExp(t['payment.payNowButton'].split('{amount}')[0].trim()) });
      assert.match(await pay.innerText(), c.amount);

      // Pay: Razorpay posts the booker back, and the result page asks it.
      await pay.click();
      await atCheckout(page);
      await page.getByRole('button', { name: 'Pay' }).click();
      await page.waitForURL(/verifyPayment/);
      await waitForHydration(page);
      await page.getByRole('heading', { name: t['payment.result.paid.title'] }).waitFor({ timeout: 30000 });
      assert.match(await page.locator('main').innerText(), c.amount);
      await page.screenshot({ path: join(SHOTS, `razorpay-result-${c.locale}-${c.width}.png`), fullPage: true });
      await page.reload();
      await page.getByRole('heading', { name: t['payment.result.paid.title'] }).waitFor();
      await page.getByRole('link', { name: t['payment.result.viewBooking'] }).click();
      await page.getByRole('heading', { name: t['booking.status.scheduled'] }).waitFor();
      assert.deepEqual(problems.filter((p) => !/status of 404/.test(p)), []);
      await ctx.close();
    });
  }

  test('without JavaScript, the checkout page is one button', async () => {
    const ctx = await env.browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });
    const page = await ctx.newPage();
    // A held booking through the API, then its checkout page: at the last
    // free time of the coming weeks, asked of the server now (the other
    // tests of this file book the first ones, and a page's data may be a
    // moment behind them).
    const from = new Date().toISOString().slice(0, 10);
    const to = new Date(Date.now() + 20 * 864e5).toISOString().slice(0, 10);
    const slots = await (await fetch(`${env.server.base}/api/booking/slots?calendar=demo-paid&from=${from}&to=${to}&tz=Europe/Berlin`)).json();
    const start = Object.values(slots.slots).flat().at(-1);
    const res = await fetch(`${env.server.base}/api/bookings`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        calendar: 'demo-paid', start, tz: 'Europe/Berlin', acceptTerms: true,
        contact: { firstName: 'Nora', lastName: 'Script', email: 'noscript.rzp@example.com', phone: '+49 30 1234567' },
      }),
    });
    assert.equal(res.status, 201, await res.clone().text());
    const booked = await res.json();
    const token = new URL(booked.manageUrl, env.server.base).searchParams.get('token');
    const opened = await (await fetch(`${env.server.base}/api/bookings/${booked.id}/checkout`, {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ token }),
    })).json();
    await page.goto(opened.url.replace(/^https?:\/\/[^/]+/, env.server.base));
    const t = messages('en-US');
    await page.getByRole('heading', { name: t['payment.secure'] }).waitFor();
    assert.match(page.url(), /\/api\/payments\/razorpay\/checkout/, 'no script: the page waits for the booker');
    await page.screenshot({ path: join(SHOTS, 'razorpay-noscript-390.png'), fullPage: true });
    await page.getByRole('button', { name: /27\.00/ }).click();
    await atCheckout(page);
    await ctx.close();
  });
});
