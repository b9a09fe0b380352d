// The shop as a buyer meets it, paid through the project's Razorpay double
// (backend/cmd/providerdouble): a product, its variant and Add to cart, the
// cart, the checkout, the provider's page, Back, paying, and the order's
// page after a reload; in English on a phone and in German on a laptop;
// without JavaScript from the product to the provider; and no axe-core
// violation on any of its screens.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { join } from 'node:path';
import { SHOTS, axe, consented, messages, waitForHydration, watchConsole, withProviderDouble } from './harness.mjs';

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
      await fillCheckout(page, t, `shop.${c.locale}@example.com`);
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

      // The paid cart is empty.
      await page.goto(`${env.server.base}${c.prefix}/cart`);
      await page.getByText(t['shop.cart.empty']).waitFor();
      // The refused checkout answered 422, as it should; nothing else.
      assert.deepEqual(problems.filter((p) => !/status of (404|422)/.test(p)), []);
      assert.ok(Number(number) >= 1001, `order number ${number}`);
      await ctx.close();
    });
  }

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
