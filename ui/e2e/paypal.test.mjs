// A booker pays a deposit through PayPal, against the project's PayPal
// double (backend/cmd/providerdouble): "Pay" opens PayPal's approval page,
// Back from it lands on the held booking, Cancel there comes back to a
// page that offers to pay again, and approving comes back through our
// return address to the result page, which has the order captured and
// says paid, also after a reload; PayPal's webhooks follow.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { SHOTS, consented, fillDetails, messages, pickSlot, waitForHydration, watchConsole, withProviderDouble } from './harness.mjs';

const env = withProviderDouble('paypal', (url) => ({
  SLOTWISE_PAYPAL_CLIENT_ID: 'paypal-client-slotwise',
  SLOTWISE_PAYPAL_CLIENT_SECRET: 'paypal-secret-slotwise',
  SLOTWISE_PAYPAL_WEBHOOK_ID: 'WH-SLOTWISE-1',
  SLOTWISE_PAYPAL_API_URL: url,
}));

async function atPayPal(page) {
  await page.waitForURL(/\/checkoutnow\?token=/);
  await page.getByRole('button', { name: 'Pay Now' }).waitFor();
}

const cases = [
  { locale: 'en-US', prefix: '', email: 'paypal.en@example.com', width: 390, height: 844, amount: /27\.00/ },
  { locale: 'de', prefix: '/de', email: 'paypal.de@example.com', width: 1280, height: 800, amount: /27,00/ },
];

describe('paying a deposit through PayPal', () => {
  for (const c of cases) {
    test(`in ${c.locale} at ${c.width}×${c.height}: details, PayPal, Back, Cancel, approve, result, reload`, async () => {
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

      // PayPal's approval page, with the deposit.
      await atPayPal(page);
      assert.match(await page.locator('body').innerText(), /EUR 27\.00/);
      await page.screenshot({ path: join(SHOTS, `paypal-approve-${c.locale}-${c.width}.png`), fullPage: true });

      // Back from PayPal: the held booking, with a way to pay.
      await page.goBack();
      await page.waitForURL(/\/widget\/booking\/bk_/);
      await waitForHydration(page);
      await page.getByRole('heading', { name: t['booking.status.pending'] }).waitFor();
      const pay = page.getByRole('button', { name: new RegExp(t['payment.payNowButton'].split('{amount}')[0].trim()) });
      assert.match(await pay.innerText(), c.amount);

      // Cancel at PayPal: our result page says it was left unpaid and offers to pay again.
      await pay.click();
      await atPayPal(page);
      await page.getByRole('link', { name: /Cancel and return/ }).click();
      await page.waitForURL(/verifyPayment/);
      await waitForHydration(page);
      assert.doesNotMatch(page.url(), /PayerID|checkoutnow/);
      await page.screenshot({ path: join(SHOTS, `paypal-left-${c.locale}-${c.width}.png`), fullPage: true });
      const again = page.getByRole('button', { name: new RegExp(t['payment.payNowButton'].split('{amount}')[0].trim()) });
      await again.click();

      // Approve: PayPal sends the booker back, and the result page has the order captured.
      await atPayPal(page);
      await page.getByRole('button', { name: 'Pay Now' }).click();
      await page.waitForURL(/verifyPayment/);
      await waitForHydration(page);
      await page.getByRole('heading', { name: t['payment.result.paid.title'] }).waitFor({ timeout: 30000 });
      assert.match(await page.locator('main').innerText(), c.amount);
      assert.doesNotMatch(page.url(), /PayerID/, 'PayPal\'s parameters stay at our return address');
      await page.screenshot({ path: join(SHOTS, `paypal-result-${c.locale}-${c.width}.png`), fullPage: true });
      await page.reload();
      await page.getByRole('heading', { name: t['payment.result.paid.title'] }).waitFor();
      await page.getByRole('link', { name: t['payment.result.viewBooking'] }).click();
      await page.getByRole('heading', { name: t['booking.status.scheduled'] }).waitFor();
      assert.deepEqual(problems.filter((p) => !/status of 404/.test(p)), []);
      await ctx.close();
    });
  }
});
