// A first visit: the cookie banner asks over the page's foot and never
// pushes the first screen down; it and the language work without
// JavaScript.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { join } from 'node:path';
import { SHOTS, axe, consented, languageMenu, messages, serveAndBrowse, waitForHydration } from './harness.mjs';

const env = serveAndBrowse();
const phone = { width: 390, height: 844 };
const laptop = { width: 1280, height: 800 };

// aboveBanner tells whether an element is whole on the first screen and
// not under the banner.
async function aboveBanner(page, locator) {
  const box = await locator.first().boundingBox();
  const banner = await page.getByTestId('cookie-banner').boundingBox();
  return box !== null && banner !== null && box.y >= 0 && box.y + box.height <= banner.y;
}

describe('the first screen of a first visit', () => {
  for (const js of [true, false]) {
    for (const locale of ['en-US', 'de']) {
      test(`a booking widget's banner stands over its foot and pushes nothing (${locale}, JavaScript ${js ? 'on' : 'off'})`, async () => {
        const prefix = locale === 'de' ? '/de' : '';
        const headingAt = async (ctx) => {
          const page = await ctx.newPage();
          await page.goto(env.server.base + prefix + '/widget/bookings/demo-consultation');
          if (js) await waitForHydration(page);
          const at = (await page.getByRole('heading', { level: 1 }).boundingBox()).y;
          return { page, at };
        };
        const answered = await consented(env.browser, env.server.base, { viewport: phone, locale, javaScriptEnabled: js });
        const without = await headingAt(answered);
        const ctx = await env.browser.newContext({ viewport: phone, locale, javaScriptEnabled: js });
        const { page, at } = await headingAt(ctx);
        await page.getByTestId('cookie-banner').waitFor();
        assert.equal(at, without.at, 'the page starts where it starts without the banner');
        assert.ok(await aboveBanner(page, page.getByRole('heading', { level: 1 })), 'the service is named above the banner');
        const banner = await page.getByTestId('cookie-banner').boundingBox();
        assert.ok(banner.height <= 140, `the banner is ${banner.height} px tall`);
        assert.ok(banner.y + banner.height <= phone.height, 'the banner stands at the foot of the screen');
        assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= 390), 'nothing is wider than the phone');
        await page.screenshot({ path: join(SHOTS, `first-visit-booking-${locale}-${js ? 'js' : 'nojs'}-390.png`) });
        await answered.close();
        await ctx.close();
      });
    }
  }

  // Every booking widget: the day and its first times on the first screen,
  // above the banner (a phone shows the chosen day's week).
  const widgets = ['/widget/bookings/demo-consultation', '/widget/appointment/demo-team', '/widget/bookings/facial-treatment', '/widget/bookings/demo-massage', '/widget/service-menus/demo-salon?cart=salon-haircut&step=time'];
  for (const [locale, viewport] of [['en-US', phone], ['de', phone], ['en-US', laptop], ['de', laptop]]) {
    for (const [i, path] of widgets.entries()) {
      const js = i % 2 === (viewport === phone ? 0 : 1);
      test(`the first day and its times are above the banner: ${path} (${locale}, ${viewport.width} px, JavaScript ${js ? 'on' : 'off'})`, async () => {
        const ctx = await env.browser.newContext({ viewport, locale, timezoneId: 'Europe/Berlin', javaScriptEnabled: js });
        const page = await ctx.newPage();
        await page.goto(env.server.base + (locale === 'de' ? '/de' : '') + path);
        if (js) await waitForHydration(page);
        await page.getByTestId('cookie-banner').waitFor();
        assert.ok(await aboveBanner(page, page.locator('table[role=grid] td[aria-selected=true] button')), 'the chosen day is above the banner');
        assert.ok(await aboveBanner(page, page.locator('button[data-slot]')), 'the first time is above the banner');
        await ctx.close();
      });
    }
  }

  test('a phone shows the whole month at a tick, without JavaScript too', async () => {
    const ctx = await env.browser.newContext({ viewport: phone, timezoneId: 'Europe/Berlin', javaScriptEnabled: false });
    const page = await ctx.newPage();
    await page.goto(env.server.base + '/widget/bookings/demo-consultation');
    const rows = page.locator('table[role=grid] tbody tr');
    const visible = async () => (await rows.evaluateAll((trs) => trs.filter((tr) => tr.getBoundingClientRect().height > 0).length));
    assert.equal(await visible(), 1, 'one week');
    await page.getByRole('checkbox', { name: messages('en-US')['booking.calendar.wholeMonth'] }).check();
    assert.ok((await visible()) >= 4, 'the whole month');
    await ctx.close();
  });

  test('without JavaScript, "Show times" appears once another person is ticked', async () => {
    const ctx = await env.browser.newContext({ viewport: phone, javaScriptEnabled: false });
    const page = await ctx.newPage();
    await page.goto(env.server.base + '/widget/appointment/demo-team');
    const show = page.getByRole('button', { name: messages('en-US')['booking.staff.show'] });
    assert.equal(await show.isVisible(), false, 'the times already shown are the chosen one\'s');
    await page.getByRole('radio', { name: 'Jonas Becker' }).check();
    await show.click();
    await page.waitForURL(/staff=\d+/);
    await ctx.close();
  });

  for (const path of ['/widget/form/demo-contact', '/de/widget/survey/demo-survey', '/widget/quiz/demo-quiz']) {
    test(`a form's first field stands above the banner: ${path}`, async () => {
      const ctx = await env.browser.newContext({ viewport: phone });
      const page = await ctx.newPage();
      await page.goto(env.server.base + path);
      await waitForHydration(page);
      assert.ok(await aboveBanner(page, page.locator('main').locator(':is(input:not([type=hidden]), textarea, select):visible')), 'the first field is above the banner');
      await ctx.close();
    });
  }

  test('the banner passes axe and its end of the page can be scrolled above it', async () => {
    const ctx = await env.browser.newContext({ viewport: phone, bypassCSP: true });
    const page = await ctx.newPage();
    await page.goto(env.server.base + '/blog/b/winter-skin/');
    await waitForHydration(page);
    assert.deepEqual(await axe(page), []);
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    assert.ok(await aboveBanner(page, page.locator('footer').last()), "the site's footer scrolls above the banner");
    await ctx.close();
  });
});

describe('without JavaScript', () => {
  for (const [choice, button] of [['essential', 'cookies.acceptEssential'], ['all', 'cookies.acceptAll']]) {
    test(`the banner's "${choice}" is kept, and the visitor is back on the same page`, async () => {
      const ctx = await env.browser.newContext({ viewport: phone, locale: 'de', javaScriptEnabled: false });
      const page = await ctx.newPage();
      const path = '/de/widget/bookings/demo-consultation?tz=Europe%2FBerlin';
      await page.goto(env.server.base + path);
      await page.getByRole('button', { name: messages('de')[button] }).click();
      await page.waitForURL((u) => u.pathname + u.search === path);
      assert.equal(await page.getByTestId('cookie-banner').count(), 0, 'the banner is answered');
      const cookie = (await ctx.cookies()).find((c) => c.name === 'slotwise_consent');
      assert.equal(cookie?.value, choice);
      await page.reload();
      assert.equal(await page.getByTestId('cookie-banner').count(), 0, 'and stays answered');
      await ctx.close();
    });
  }

  test('a language is chosen by its link, English too', async () => {
    const ctx = await env.browser.newContext({ viewport: phone, locale: 'de', javaScriptEnabled: false });
    const page = await ctx.newPage();
    await page.goto(env.server.base + '/widget/form/demo-contact');
    assert.equal(await page.getAttribute('html', 'lang'), 'de', 'the browser speaks German');
    await languageMenu(page).click();
    await page.getByRole('link', { name: 'English', exact: true }).click();
    await page.waitForURL((u) => u.pathname === '/en/widget/form/demo-contact');
    assert.match(await page.getAttribute('html', 'lang'), /^en/);
    await languageMenu(page).click();
    await page.getByRole('link', { name: 'Français', exact: true }).click();
    await page.waitForURL((u) => u.pathname === '/fr/widget/form/demo-contact');
    assert.equal(await page.getAttribute('html', 'lang'), 'fr');
    await page.screenshot({ path: join(SHOTS, 'language-nojs-390.png') });
    await ctx.close();
  });
});
