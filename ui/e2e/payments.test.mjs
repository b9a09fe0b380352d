// A booker pays a 30 % deposit end to end, in English and in German,
// against Stripe's API double: the details step shows what is paid now,
// the checkout opens, Back from it lands on the held booking's page
// (which offers to pay), paying brings the result page, and reloading it
// still says paid.
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { SHOTS, consented, launchBrowser, messages, pickSlot, startServer, waitForHydration, watchConsole } from './harness.mjs';
import { startStripe } from './stripe.mjs';

const env = { server: null, browser: null, stripe: null };
before(async () => {
  env.stripe = await startStripe();
  env.server = await startServer(env.stripe.env);
  env.stripe.state.webhook = env.server.base + '/api/payments/stripe/webhook';
  env.browser = await launchBrowser();
});
after(async () => {
  await env.browser?.close();
  await env.server?.stop();
  await env.stripe?.stop();
});

const cases = [
  { locale: 'en-US', prefix: '', email: 'deposit.en@example.com', width: 390, height: 844, amount: /€27\.00/ },
  { locale: 'de', prefix: '/de', email: 'anzahlung.de@example.com', width: 1280, height: 800, amount: /27,00\s€/ },
];

describe('paying a deposit', () => {
  for (const c of cases) {
    test(`in ${c.locale}: details, checkout, Back, pay, result, reload`, async () => {
      const t = messages(c.locale);
      const ctx = await consented(env.browser, env.server.base, { viewport: { width: c.width, height: c.height } });
      const page = await ctx.newPage();
      const problems = watchConsole(page);
      await page.goto(`${env.server.base}${c.prefix}/widget/bookings/demo-paid`);
      await waitForHydration(page);
      await pickSlot(page, { nextMonthLabel: new RegExp(t['booking.calendar.nextMonth']) });
      // The payment step: the amount now, the total, and the terms.
      const summary = page.getByRole('region', { name: t['payment.secure'] });
      await summary.waitFor();
      assert.match(await summary.innerText(), c.amount);
      assert.match(await summary.innerText(), /90/);
      await page.screenshot({ path: join(SHOTS, `payment-details-${c.locale}-${c.width}.png`), fullPage: true });
      await page.getByRole('textbox', { name: new RegExp(t['booking.field.firstName']) }).fill('Ada');
      await page.getByRole('textbox', { name: new RegExp(t['booking.field.lastName']) }).fill('Lovelace');
      await page.getByRole('textbox', { name: new RegExp(t['booking.field.email']) }).fill(c.email);
      await page.getByRole('textbox', { name: new RegExp(t['booking.field.phone']) }).fill('+49 30 1234567');
      await page.getByRole('button', { name: t['booking.submit.pay'] }).click();
      // Terms first.
      await page.getByText(t['validation.termsRequired']).first().waitFor();
      await page.getByRole('checkbox', { name: new RegExp(t['booking.terms.label'].replace(/<\/?a>/g, '')) }).check();
      await page.getByRole('button', { name: t['booking.submit.pay'] }).click();
      await page.waitForURL(/\/pay\/cs_/);
      assert.equal(await page.locator('[data-amount]').getAttribute('data-amount'), '2700');

      // Back from the checkout: the held booking, with a way to pay.
      await page.goBack();
      await page.waitForURL(/\/widget\/booking\/bk_/);
      await waitForHydration(page);
      await page.getByRole('heading', { name: t['booking.status.pending'] }).waitFor();
      await page.screenshot({ path: join(SHOTS, `payment-held-${c.locale}-${c.width}.png`), fullPage: true });
      const payNow = page.getByRole('button', { name: new RegExp(t['payment.payNowButton'].split('{amount}')[0].trim()) });
      await payNow.click();
      await page.waitForURL(/\/pay\/cs_/);
      assert.equal(env.stripe.sessions.size >= 1, true);

      // Pay: Stripe tells the server, then sends the booker back.
      await page.getByRole('button', { name: 'Pay' }).click();
      await page.waitForURL(/verify-payment-callback/);
      await waitForHydration(page);
      await page.getByRole('heading', { name: t['payment.result.paid.title'] }).waitFor({ timeout: 30000 });
      assert.match(await page.locator('main').innerText(), c.amount);
      await page.screenshot({ path: join(SHOTS, `payment-result-${c.locale}-${c.width}.png`), fullPage: true });
      await page.reload();
      await page.getByRole('heading', { name: t['payment.result.paid.title'] }).waitFor();

      // The booking's own page says what was paid and what is due.
      await page.getByRole('link', { name: t['payment.result.viewBooking'] }).click();
      await page.getByRole('heading', { name: t['booking.status.scheduled'] }).waitFor();
      assert.match(await page.locator('main').innerText(), c.amount);
      assert.deepEqual(problems.filter((p) => !/status of 404/.test(p)), []);
      assert.ok(env.stripe.state.deliveries.every((s) => s === 200), `webhook answers: ${env.stripe.state.deliveries}`);
      await ctx.close();
    });
  }
});

// Framed by /embed.js on a business's site, the checkout (which refuses
// to be framed) opens in a tab of its own; the frame follows the payment
// and the host page hears it booked, then paid.
describe('paying inside a widget on another site', () => {
  test('the checkout opens in a tab, the frame follows, the host hears booked then paid', async () => {
    const t = messages('en-US');
    const widget = new URL(env.server.base);
    const site = createServer((_, res) => {
      res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
      res.end(`<!doctype html><html lang="en"><title>Studio</title>
        <script>window.heard = []; for (const k of ['booked', 'paid']) document.addEventListener('slotwise:' + k, (e) => heard.push({ type: k, ...e.detail }));</script>
        <div data-slotwise-inline="/widget/bookings/demo-paid" data-slotwise-title="Booking"></div>
        <script src="${widget.origin}/embed.js" async></script>`);
    });
    await new Promise((r) => site.listen(0, '127.0.0.1', r));
    try {
      const ctx = await env.browser.newContext({ viewport: { width: 1280, height: 800 } });
      await ctx.addCookies([{ name: 'slotwise_consent', value: 'all', url: env.server.base, sameSite: 'None', secure: true }]);
      const page = await ctx.newPage();
      await page.goto(`http://localhost:${site.address().port}/`);
      await page.frameLocator('iframe[title="Booking"]').locator('html[data-hydrated="true"]').waitFor({ timeout: 15000 });
      const inner = page.frames().find((f) => f.url().includes('/widget/bookings/demo-paid'));
      const banner = inner.getByTestId('cookie-banner');
      if (await banner.isVisible()) await banner.getByRole('button').first().click();
      await pickSlot(inner, { nextMonthLabel: new RegExp(t['booking.calendar.nextMonth']) });
      await inner.getByRole('textbox', { name: new RegExp(t['booking.field.firstName']) }).fill('Ada');
      await inner.getByRole('textbox', { name: new RegExp(t['booking.field.lastName']) }).fill('Framed');
      await inner.getByRole('textbox', { name: new RegExp(t['booking.field.email']) }).fill('framed.payer@example.com');
      await inner.getByRole('textbox', { name: new RegExp(t['booking.field.phone']) }).fill('+49 30 1234567');
      await inner.getByRole('checkbox', { name: new RegExp(t['booking.terms.label'].replace(/<\/?a>/g, '')) }).check();
      const tab = ctx.waitForEvent('page');
      await inner.getByRole('button', { name: t['booking.submit.pay'] }).click();
      const checkout = await tab;
      await checkout.waitForURL(/\/pay\/cs_/);
      await page.waitForFunction(() => window.heard.some((e) => e.type === 'booked'));
      const [booked] = await page.evaluate(() => window.heard);
      assert.equal(booked.status, 'pending', 'booked, awaiting its payment');
      // The frame shows the payment's own page meanwhile.
      const frame = page.frameLocator('iframe[title="Booking"]');
      await frame.getByRole('heading', { name: t['payment.result.pending.title'] }).waitFor({ timeout: 15000 });

      await checkout.getByRole('button', { name: 'Pay' }).click();
      await checkout.waitForURL(/verify-payment-callback/);
      await checkout.close();
      await frame.getByRole('heading', { name: t['payment.result.paid.title'] }).waitFor({ timeout: 30000 });
      await page.waitForFunction(() => window.heard.some((e) => e.type === 'paid'));
      const paid = (await page.evaluate(() => window.heard)).find((e) => e.type === 'paid');
      assert.equal(paid.booking, booked.id);
      assert.equal(paid.amount, 2700);
      assert.equal(paid.currency, 'EUR');
      await page.screenshot({ path: join(SHOTS, 'payment-embedded-paid.png'), fullPage: true });
      await ctx.close();
    } finally {
      site.close();
    }
  });
});
