// The shop as a buyer meets it, paid through the project's Razorpay double
// (backend/cmd/providerdouble): a product, its variant and Add to cart, the
// cart, the checkout, the provider's page, Back, paying, and the order's
// page after a reload; in English on a phone and in German on a laptop;
// without JavaScript from the product to the provider; and no axe-core
// violation on any of its screens.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { describe, test } from 'node:test';
import { join } from 'node:path';
import { SHOTS, axe, consented, mailsTo, messages, waitForHydration, watchConsole, withProviderDouble } from './harness.mjs';

const env = withProviderDouble('razorpay', (url) => ({
  SLOTWISE_RAZORPAY_KEY_ID: 'rzp_test_slotwise',
  SLOTWISE_RAZORPAY_KEY_SECRET: 'rzp_secret_slotwise',
  SLOTWISE_RAZORPAY_WEBHOOK_SECRET: 'rzp_whsec_slotwise',
  SLOTWISE_RAZORPAY_API_URL: url,
}));

const cases = [
  { locale: 'en-US', prefix: '', width: 390, height: 844, total: /30\.90/ },
  { locale: 'de', prefix: '/de', width: 1280, height: 800, total: /30,90/ },
];

// fillCheckout types the buyer's details and address as a person does.
async function fillCheckout(page, t, email) {
  await page.getByLabel(t['shop.checkout.email']).fill(email);
  await page.getByLabel(t['shop.checkout.name']).fill('Ada Lovelace');
  await page.getByLabel(t['shop.checkout.line1']).fill('Torstraße 1');
  await page.getByLabel(t['shop.checkout.postalCode']).fill('10119');
  await page.getByLabel(t['shop.checkout.city']).fill('Berlin');
}

// readable is a mail as written to the data directory, its
// quoted-printable lines joined and decoded.
const readable = (mail) =>
  Buffer.from(mail.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, h) => String.fromCharCode(parseInt(h, 16))), 'latin1').toString('utf8');

async function noViolations(page, what) {
  assert.deepEqual(await axe(page), [], `axe-core on ${what}`);
}

describe('buying from the shop', () => {
  for (const c of cases) {
    test(`in ${c.locale} at ${c.width}×${c.height}: product, cart, checkout, provider, Back, pay, order, reload`, async () => {
      const t = messages(c.locale);
      const ctx = await consented(env.browser, env.server.base, { viewport: { width: c.width, height: c.height }, bypassCSP: true });
      const page = await ctx.newPage();
      const problems = watchConsole(page);
      await page.goto(`${env.server.base}${c.prefix}/product/massage-oil/`);
      await waitForHydration(page);
      await noViolations(page, 'the product page');
      // The 250 ml bottle says how few are left; the 100 ml one is chosen.
      assert.match(await page.locator('main').innerText(), new RegExp(t['site.shop.left'].match(/\{count, plural, one \{([^#]*)#/)[1].trim()));
      await page.getByRole('button', { name: t['site.shop.addToCart'] }).click();
      await page.waitForURL(/\/cart/);
      await page.getByRole('status').filter({ hasText: t['shop.cart.done.added'] }).waitFor();
      await noViolations(page, 'the cart');
      await page.screenshot({ path: join(SHOTS, `shop-cart-${c.locale}-${c.width}.png`), fullPage: true });
      assert.match(await page.locator('main').innerText(), c.total);

      await page.getByRole('link', { name: t['shop.cart.checkout'] }).click();
      await page.waitForURL(/\/checkout/);
      await noViolations(page, 'the checkout');
      // Nothing typed yet: the form says what is missing, field by field.
      await page.getByRole('button', { name: t['shop.checkout.pay'] }).click();
      await page.getByText(t['validation.required']).first().waitFor();
      // Each field fixed stops saying it is wrong; the rest still do.
      const marked = (n) => page.waitForFunction((want) => document.querySelectorAll('[aria-invalid="true"]').length === want, n, { timeout: 5000 });
      const before = await page.locator('[aria-invalid="true"]').count();
      assert.ok(before > 1, 'the empty fields are marked wrong');
      await page.getByLabel(t['shop.checkout.email']).fill(`shop.${c.locale}@example.com`);
      await marked(before - 1); // the e-mail, typed, is no longer marked wrong
      await fillCheckout(page, t, `shop.${c.locale}@example.com`);
      await marked(0);
      await page.screenshot({ path: join(SHOTS, `shop-checkout-${c.locale}-${c.width}.png`), fullPage: true });
      await page.getByRole('button', { name: t['shop.checkout.pay'] }).click();
      await page.getByRole('button', { name: 'Pay', exact: true }).waitFor();
      assert.match(await page.locator('body').innerText(), /3090/, 'the provider asks for the total with shipping');

      // Back from the provider: the checkout again; submitted again, the
      // same order goes to the same checkout.
      await page.goBack();
      await page.waitForURL(/\/checkout/);
      await fillCheckout(page, t, `shop.${c.locale}@example.com`);
      await page.getByRole('button', { name: t['shop.checkout.pay'] }).click();
      await page.getByRole('button', { name: 'Pay', exact: true }).click();
      await page.waitForURL(/\/order\/ord_/);
      await waitForHydration(page);
      await page.getByRole('heading', { name: t['shop.order.paid.title'] }).waitFor({ timeout: 30000 });
      assert.match(await page.locator('main').innerText(), c.total);
      await noViolations(page, 'the order');
      await page.screenshot({ path: join(SHOTS, `shop-order-${c.locale}-${c.width}.png`), fullPage: true });
      await page.reload();
      await page.getByRole('heading', { name: t['shop.order.paid.title'] }).waitFor();
      const number = (await page.getByText(/#\d+/).first().innerText()).match(/#(\d+)/)[1];

      // The buyer's confirmation, their receipt, in the language they bought in.
      const mails = (await mailsTo(env.server.dataDir, `shop.${c.locale}@example.com`, 1)).map(readable);
      const confirmation = mails.find((m) => m.includes(t['email.order.confirmation.title']));
      assert.ok(confirmation, `the confirmation in ${c.locale}`);
      assert.match(confirmation, c.total);
      assert.match(confirmation, new RegExp(`/order/ord_[A-Za-z0-9_-]+\\?token=`));

      // The paid cart is empty.
      await page.goto(`${env.server.base}${c.prefix}/cart`);
      await page.getByText(t['shop.cart.empty']).waitFor();
      // The refused checkout answered 422, as it should; nothing else.
      assert.deepEqual(problems.filter((p) => !/status of (404|422)/.test(p)), []);
      assert.ok(Number(number) >= 1001, `order number ${number}`);
      await ctx.close();
    });
  }

  test('the owner ships an order from the dashboard on a phone, and the buyer is told', async () => {
    const t = messages('en-US');
    const out = execFileSync('bin/slotwise', ['user', 'add', '--data-dir', env.server.dataDir, '--email', 'owner.shop@example.com', '--role', 'owner'], { encoding: 'utf8' });
    const link = new URL(out.trim().split('\n').at(-1)).pathname;
    const ctx = await consented(env.browser, env.server.base, { viewport: { width: 390, height: 844 }, bypassCSP: true });
    const page = await ctx.newPage();
    const problems = watchConsole(page);
    await page.goto(env.server.base + link);
    await waitForHydration(page);
    await page.getByRole('button', { name: t['admin.link.button'] }).click();
    await page.getByRole('link', { name: t['admin.nav.orders'] }).first().click();
    await page.getByRole('heading', { name: t['admin.orders.heading'] }).waitFor();
    await noViolations(page, 'the orders');
    await page.screenshot({ path: join(SHOTS, 'shop-dashboard-orders-390.png'), fullPage: true });
    // The English buyer's order: paid, waiting to be shipped.
    await page.getByRole('searchbox', { name: t['admin.orders.search'] }).fill('shop.en-US@example.com');
    await page.getByRole('button', { name: t['admin.filter.apply'] }).click();
    await page.waitForURL(/q=shop\.en-US/);
    const found = page.getByRole('link', { name: /^#\d+ · Ada Lovelace$/ });
    await page.waitForFunction(() => document.querySelectorAll('main a[href*="/admin/order/"]').length === 1);
    await found.click();
    await page.waitForURL(/\/admin\/order\/ord_/);
    await page.locator('article').getByText(t['admin.orderStatus.paid'], { exact: true }).waitFor();
    await noViolations(page, 'an order');
    await page.getByLabel(t['admin.order.trackingUrl']).fill('https://parcels.example/track/42');
    await page.getByRole('button', { name: t['admin.order.ship'] }).click();
    await page.getByRole('status').filter({ hasText: t['admin.done.shipped'] }).waitFor();
    await page.locator('article').getByText(t['admin.orderStatus.fulfilled'], { exact: true }).waitFor();
    await page.screenshot({ path: join(SHOTS, 'shop-dashboard-order-390.png'), fullPage: true });
    const shipped = (await mailsTo(env.server.dataDir, 'shop.en-US@example.com', 2)).map(readable).find((m) => m.includes(t['email.order.shipped.title']));
    assert.ok(shipped, 'the buyer is told it is on its way');
    assert.match(shipped, /https:\/\/parcels\.example\/track\/42/);
    assert.deepEqual(problems, []);
    await ctx.close();
  });

  test('without JavaScript: product, cart, checkout, then the provider', async () => {
    const t = messages('en-US');
    const ctx = await consented(env.browser, env.server.base, { javaScriptEnabled: false, viewport: { width: 390, height: 844 } });
    const page = await ctx.newPage();
    await page.goto(`${env.server.base}/product/calming-cream/`);
    await page.getByRole('button', { name: t['site.shop.buyNow'] }).click();
    await page.waitForURL(/\/checkout/);
    await fillCheckout(page, t, 'shop.noscript@example.com');
    await page.getByRole('radio', { name: /Pick up/ }).check();
    await page.getByRole('button', { name: t['shop.checkout.pay'] }).click();
    await page.waitForURL(/\/api\/payments\/razorpay\/checkout/);
    assert.match(await page.locator('body').innerText(), /34\.00/, 'picked up: no shipping');
    await page.screenshot({ path: join(SHOTS, 'shop-noscript-390.png'), fullPage: true });
    await ctx.close();
  });
});
