import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { join } from 'node:path';
import { SHOTS, axe, chooseLanguage, consented, htmlProblems, languageMenu, messages, serveAndBrowse, waitForHydration, watchConsole } from './harness.mjs';

const env = serveAndBrowse();

describe('server-rendered pages', () => {
  for (const [name, path, heading] of [
    ['widget', '/widget/bookings/demo-consultation', 'Consultation'],
    ['website', '/about', 'About the studio'],
  ]) {
    test(`${name} HTML holds the content before any script runs`, async () => {
      const ctx = await env.browser.newContext({ javaScriptEnabled: false });
      const page = await ctx.newPage();
      const res = await page.goto(env.server.base + path);
      assert.equal(res.status(), 200);
      assert.equal(await page.textContent('h1'), heading);
      await ctx.close();
    });

    test(`${name} hydrates without errors or warnings`, async () => {
      const ctx = await env.browser.newContext({ viewport: { width: 390, height: 844 } });
      const page = await ctx.newPage();
      const problems = watchConsole(page);
      await page.goto(env.server.base + path);
      await page.mouse.move(10, 10); // website pages hydrate on the first gesture
      await waitForHydration(page);
      await page.screenshot({ path: join(SHOTS, `${name}-phone.png`), fullPage: true });
      assert.deepEqual(problems, []);
      await ctx.close();
    });
  }

  test('website pages wait for a gesture before hydrating, widgets do not', async () => {
    const ctx = await env.browser.newContext();
    const page = await ctx.newPage();
    await page.goto(env.server.base + '/widget/form/demo-contact');
    await waitForHydration(page);
    await page.goto(env.server.base + '/about');
    await page.waitForTimeout(300);
    assert.equal(await page.getAttribute('html', 'data-hydrated'), null, 'not hydrated before any gesture');
    await page.keyboard.press('Shift');
    await waitForHydration(page);
    await ctx.close();
  });

  test('every language hydrates cleanly and sets lang', async () => {
    const ctx = await env.browser.newContext();
    const page = await ctx.newPage();
    const problems = watchConsole(page);
    for (const [prefix, lang] of [['da', 'da'], ['de', 'de'], ['en', 'en'], ['es', 'es'], ['fr', 'fr'], ['hu', 'hu'], ['it', 'it'], ['nl', 'nl'], ['pl', 'pl'], ['pt-br', 'pt-BR'], ['pt', 'pt']]) {
      // The about page and the calming cream are the business's content,
      // in English and German; the booker and the contact form are the
      // server's screens around the business's service and questions, also
      // in English and German.
      const translated = ['de', 'en'].includes(prefix);
      for (const path of ['/about', '/product/calming-cream/', '/widget/bookings/demo-consultation', '/widget/form/demo-contact']) {
        await page.goto(`${env.server.base}/${prefix}${path}`);
        await page.mouse.move(5, 5);
        await waitForHydration(page);
        // The frame is in the page's language; <html lang> names the main
        // content's.
        const widget = path.startsWith('/widget/');
        const content = !widget && !translated ? 'en-US' : lang;
        assert.equal(await page.getAttribute('html', 'lang'), content, `${prefix}${path}`);
        assert.equal((await page.getAttribute('#root', 'lang')) ?? content, lang, `${prefix}${path}: the frame`);
        // The business's own heading says its language where it is not the page's.
        assert.equal(await page.getAttribute('h1', 'lang'), translated ? null : 'en-US', `${prefix}${path}: the heading`);
      }
    }
    assert.deepEqual(problems, []);
    await ctx.close();
  });

  test('moving between a translated page and one in another language keeps every lang true', async () => {
    const ctx = await env.browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await ctx.newPage();
    const problems = watchConsole(page);
    await page.goto(env.server.base + '/de/about');
    await page.mouse.move(5, 5);
    await waitForHydration(page);
    assert.equal(await page.textContent('h1'), 'Über das Studio');
    assert.equal(await page.getAttribute('html', 'lang'), 'de');
    await page.locator('header nav').first().getByRole('link', { name: 'Prices' }).click();
    await page.waitForURL('**/de/prices');
    await page.waitForFunction(() => document.documentElement.lang === 'en-US');
    assert.equal(await page.getAttribute('#root', 'lang'), 'de', 'the German frame says so');
    assert.equal(await page.getAttribute('h1', 'lang'), 'en-US', 'the English page says so');
    // The menu's English title in the German frame is marked too.
    assert.equal(await page.locator('header nav').first().getByRole('link', { name: 'Prices' }).getAttribute('lang'), 'en-US');
    await page.goBack();
    await page.waitForFunction(() => document.documentElement.lang === 'de');
    assert.equal(await page.getAttribute('#root', 'lang'), null);
    assert.equal(await page.textContent('h1'), 'Über das Studio');
    assert.deepEqual(problems, []);
    await ctx.close();
  });
});

describe('language', () => {
  test('switching language changes the text and lang, and is remembered for a year', async () => {
    const ctx = await env.browser.newContext();
    const page = await ctx.newPage();
    const problems = watchConsole(page);
    await page.goto(env.server.base + '/widget/bookings/demo-consultation');
    await waitForHydration(page);
    const english = await page.innerText('#root');
    assert.ok(english.includes(messages('en-US')['booking.staff.label']));
    await chooseLanguage(page, 'Deutsch');
    await page.waitForFunction(() => document.documentElement.lang === 'de');
    assert.equal(new URL(page.url()).pathname, '/de/widget/bookings/demo-consultation');
    const de = messages('de');
    await page.getByText(de['booking.staff.label']).waitFor();
    assert.ok(!(await page.innerText('#root')).includes(messages('en-US')['booking.staff.label']));
    const cookie = (await ctx.cookies()).find((c) => c.name === 'slotwise_locale');
    assert.equal(cookie?.value, 'de');
    assert.equal(cookie?.path, '/');
    assert.equal(cookie?.sameSite, 'Lax');
    const days = (cookie.expires * 1000 - Date.now()) / 86400000;
    assert.ok(days > 364 && days <= 365.01, `cookie lasts ${days} days`);
    // An unprefixed URL now comes in German too.
    await page.goto(env.server.base + '/widget/form/demo-contact');
    assert.equal(await page.getAttribute('html', 'lang'), 'de');
    assert.deepEqual(problems, []);
    await ctx.close();
  });
});

describe('cookie banner', () => {
  test('is keyboard-accessible and remembered', async () => {
    const ctx = await env.browser.newContext();
    const page = await ctx.newPage();
    await page.goto(env.server.base + '/widget/form/demo-contact');
    await waitForHydration(page);
    const banner = page.getByRole('region', { name: 'Cookie preferences' });
    assert.ok(await banner.isVisible());
    await page.screenshot({ path: join(SHOTS, 'cookie-banner.png') });
    const button = page.getByRole('button', { name: 'Accept essential' });
    for (let i = 0; i < 20 && !(await button.evaluate((b) => b === document.activeElement)); i++) {
      await page.keyboard.press('Tab');
    }
    await page.keyboard.press('Enter');
    await banner.waitFor({ state: 'detached' });
    const cookie = (await ctx.cookies()).find((c) => c.name === 'slotwise_consent');
    assert.equal(cookie?.value, 'essential');
    await page.reload();
    assert.equal(await page.getByRole('region', { name: 'Cookie preferences' }).count(), 0, 'server renders no banner once answered');
    await ctx.close();
  });

  test('comes first in the tab order and never hides the calendar or the times: what is focused stands above it', async () => {
    const ctx = await env.browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await ctx.newPage();
    await page.goto(env.server.base + '/widget/bookings/demo-consultation');
    await waitForHydration(page);
    const banner = page.getByRole('region', { name: 'Cookie preferences' });
    // Past the skip link, the first stops are the banner's buttons.
    const stops = [];
    for (let i = 0; i < 3; i++) {
      await page.keyboard.press('Tab');
      stops.push(await page.evaluate(() => document.activeElement?.textContent?.trim()));
    }
    assert.ok(stops.includes('Accept essential'), `tab stops: ${stops.join(' | ')}`);
    const b = await banner.boundingBox();
    assert.ok(b.y + b.height <= 844, 'the banner stands at the foot of the screen');
    // The grid's tab stop (the chosen day, in the week a phone shows) and the first time.
    for (const target of [page.getByRole('grid').locator('button[tabindex="0"]'), page.locator('button[data-slot]').first()]) {
      await target.focus();
      const t = await target.boundingBox();
      assert.ok(t.y >= 0 && t.y + t.height <= b.y, 'a focused day or time is under the banner');
    }
    await ctx.close();
  });

  test('accept all is remembered as all', async () => {
    const ctx = await env.browser.newContext();
    const page = await ctx.newPage();
    await page.goto(env.server.base + '/about');
    // The click comes before hydration: it is the gesture that starts it,
    // and React replays it on the hydrated button, so it is not lost.
    await page.getByRole('button', { name: 'Accept all' }).click();
    await page.getByRole('region', { name: 'Cookie preferences' }).waitFor({ state: 'detached' });
    await waitForHydration(page);
    assert.equal((await ctx.cookies()).find((c) => c.name === 'slotwise_consent')?.value, 'all');
    await ctx.close();
  });
});

describe('the website frame', () => {
  test('on a phone: one row of the business, Book and a menu that holds the pages and the language, even without JavaScript', async () => {
    for (const js of [true, false]) {
      const ctx = await consented(env.browser, env.server.base, { viewport: { width: 390, height: 844 }, javaScriptEnabled: js });
      const page = await ctx.newPage();
      await page.goto(env.server.base + '/about');
      const header = await page.locator('header').boundingBox();
      assert.ok(header.y === 0 && header.height <= 72, `the header takes ${header.height} px of the phone's 844`);
      const brand = await page.locator('header a').first().boundingBox();
      assert.ok(brand.y >= 8, `the business's name starts ${brand.y} px from the top`);
      const book = page.locator('header').getByRole('link', { name: 'Book', exact: true });
      const b = await book.boundingBox();
      assert.ok(b.y + b.height <= header.height, 'Book stands in the header row');
      assert.equal(await page.locator('header').getByRole('link', { name: 'Journal' }).count(), 0, 'the pages wait in the menu');
      await page.locator('header').getByText('Menu', { exact: true }).click();
      await page.locator('header').getByRole('link', { name: 'Journal' }).waitFor();
      if (js) {
        // The tap was the page's first gesture, which hydrates it: the menu stays open.
        await waitForHydration(page);
        const menu = page.locator('header details', { has: page.getByRole('link', { name: 'Journal' }) });
        assert.equal(await menu.evaluate((d) => d.open), true, 'the menu the tap opened stays open once the page hydrates');
      }
      // The business's contact form closes the pages.
      assert.match(await page.locator('header details').getByRole('link', { name: 'Contact' }).getAttribute('href'), /\/widget\/form\/demo-contact$/);
      assert.equal(await languageMenu(page.locator('header')).count(), 1);
      assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= 390), 'nothing is wider than the phone');
      if (js) await page.screenshot({ path: join(SHOTS, 'website-header-menu-390.png') });
      await book.click();
      await page.waitForURL(/\/widget\/groups\/demo-group$/);
      await ctx.close();
    }
  });

  test('the phone menu closes on Escape, on a tap outside, on a focus outside and on the next page', async () => {
    const ctx = await consented(env.browser, env.server.base, { viewport: { width: 390, height: 844 } });
    const page = await ctx.newPage();
    await page.goto(env.server.base + '/about');
    await page.mouse.move(5, 5);
    await waitForHydration(page);
    const menu = page.locator('header details', { has: page.locator('summary', { hasText: 'Menu' }) });
    const open = async () => {
      await page.locator('header summary', { hasText: 'Menu' }).click();
      assert.equal(await menu.evaluate((d) => d.open), true);
    };
    await open();
    await page.locator('header').getByRole('link', { name: 'Journal' }).focus();
    await page.keyboard.press('Escape');
    assert.equal(await menu.evaluate((d) => d.open), false, 'Escape leaves it open');
    assert.equal(await page.evaluate(() => document.activeElement?.tagName), 'SUMMARY', 'the focus goes back to the menu button');
    await open();
    await page.mouse.click(200, 600);
    assert.equal(await menu.evaluate((d) => d.open), false, 'a tap outside leaves it open');
    await open();
    await page.locator('main h1').evaluate((h) => { h.tabIndex = -1; h.focus(); });
    assert.equal(await menu.evaluate((d) => d.open), false, 'a focus outside leaves it open');
    await open();
    await page.locator('header').getByRole('link', { name: 'Journal' }).click();
    await page.waitForURL(/\/blog$/);
    await page.getByRole('heading', { level: 1, name: 'Journal' }).waitFor();
    assert.equal(await menu.evaluate((d) => d.open), false, 'the next page opens with the menu open');
    await ctx.close();
  });

  test('on a laptop: the pages, the language and Book in one row', async () => {
    const ctx = await env.browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await ctx.newPage();
    await page.goto(env.server.base + '/blog');
    const header = await page.locator('header').boundingBox();
    assert.ok(header.height <= 80, `the header is ${header.height} px tall`);
    const row = [page.locator('header a').first(), page.locator('header').getByRole('link', { name: 'Journal' }),
      page.locator('header nav').first().getByRole('link', { name: 'Contact' }),
      languageMenu(page.locator('header')), page.locator('header').getByRole('link', { name: 'Book', exact: true })];
    const boxes = await Promise.all(row.map((l) => l.boundingBox()));
    for (let i = 1; i < boxes.length; i++) {
      assert.ok(boxes[i].x >= boxes[i - 1].x + boxes[i - 1].width, `item ${i} overlaps the one before it`);
      assert.ok(Math.abs(boxes[i].y + boxes[i].height / 2 - (boxes[0].y + boxes[0].height / 2)) < 8, `item ${i} is off the row`);
    }
    assert.equal(await page.locator('header').getByText('Menu', { exact: true }).isVisible(), false);
    await ctx.close();
  });

  for (const [name, path, width] of [
    ['home', '/', 390], ['home', '/', 1280], ['about, the menu open', '/about', 390], ['about', '/about', 1280],
    ['the journal', '/de/blog', 1280], ['the journal', '/blog', 390], ['a post', '/blog/b/winter-skin/', 390], ['a post', '/blog/b/winter-skin/', 1280],
    ['a collection', '/collections/gifts', 390], ['a product', '/product/calming-cream/', 1280], ['prices', '/prices', 390], ['not found', '/no-such-page', 390],
  ]) {
    test(`${name} at ${width}: no axe violations, valid HTML`, async () => {
      const ctx = await consented(env.browser, env.server.base, { viewport: { width, height: 844 }, bypassCSP: true });
      const page = await ctx.newPage();
      await page.goto(env.server.base + path);
      await page.mouse.move(5, 5);
      await waitForHydration(page);
      if (name.includes('menu')) await page.locator('header summary', { hasText: 'Menu' }).click();
      assert.deepEqual(await axe(page), [], `${name} has accessibility violations`);
      const res = await fetch(page.url(), { headers: { Cookie: 'slotwise_consent=all' } });
      assert.equal(await htmlProblems(await res.text()), '', `${name} is not valid HTML`);
      await ctx.close();
    });
  }

  test('the cookie banner stands over the page instead of pushing it down', async () => {
    const ctx = await env.browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await ctx.newPage();
    await page.goto(env.server.base + '/about');
    const banner = page.getByRole('region', { name: 'Cookie preferences' });
    assert.equal(await banner.evaluate((b) => getComputedStyle(b).position), 'fixed');
    assert.equal((await page.locator('header').boundingBox()).y, 0, 'the header stays at the top');
    const b = await banner.boundingBox();
    assert.ok(b.y + b.height <= 844 && b.y > 400, 'the banner stands at the bottom of the screen');
    await ctx.close();
  });
});

describe('the website at the level of the best', () => {
  test('the home page leads with one call to book, in the first screen of a phone; tiles of a row are one height', async () => {
    const ctx = await consented(env.browser, env.server.base, { viewport: { width: 390, height: 844 } });
    const page = await ctx.newPage();
    await page.goto(env.server.base + '/');
    const cta = page.locator('main').getByRole('link', { name: 'Book a time' });
    const box = await cta.boundingBox();
    assert.ok(box && box.y + box.height <= 844, `the call to book is below the first screen (${box?.y})`);
    assert.equal(await cta.getAttribute('href'), '/widget/groups/demo-group');
    await page.setViewportSize({ width: 1280, height: 800 });
    const heights = await page.locator('main ul li a').evaluateAll((els) => {
      const rows = {};
      for (const el of els) {
        const r = el.getBoundingClientRect();
        (rows[Math.round(r.top)] ??= new Set()).add(Math.round(r.height));
      }
      return Object.values(rows).map((h) => h.size);
    });
    assert.ok(heights.length > 0 && heights.every((n) => n === 1), 'tiles of one row differ in height');
    await ctx.close();
  });

  test('a post: a centred measure, its cover, reading time, the call to book and three posts to read next', async () => {
    const ctx = await consented(env.browser, env.server.base, { viewport: { width: 1280, height: 800 } });
    const page = await ctx.newPage();
    await page.goto(env.server.base + '/blog/b/winter-skin/');
    const article = await page.locator('main article').first().boundingBox();
    const left = article.x, right = 1280 - (article.x + article.width);
    assert.ok(Math.abs(left - right) <= 20, `the post is not centred (${left} / ${right})`);
    await page.getByText('1 min read').first().waitFor();
    const call = page.getByRole('complementary', { name: 'Ready for your visit?' });
    assert.equal(await call.getByRole('link', { name: 'See free times' }).getAttribute('href'), '/widget/groups/demo-group');
    const next = page.getByRole('region', { name: 'Read next' });
    assert.equal(await next.getByRole('heading', { level: 3 }).count(), 3);
    // Those sharing most categories and tags come first.
    assert.deepEqual((await next.getByRole('heading', { level: 3 }).allTextContents()).slice(0, 2).sort(), ['A five-minute evening routine', 'Sunscreen in autumn? Yes.']);
    // Every card of the journal has its cover.
    await page.goto(env.server.base + '/blog');
    const cards = page.locator('main article');
    assert.equal(await cards.locator('img').count(), await cards.count());
    await ctx.close();
  });

  test("the about page's widget is as tall as its content, in the page's language, under the page's own banner", async () => {
    for (const path of ['/about', '/de/about']) {
      // No consent yet: the page's banner asks, the widget's does not.
      const ctx = await env.browser.newContext({ viewport: { width: 1280, height: 800 } });
      const page = await ctx.newPage();
      await page.goto(env.server.base + path);
      const frameEl = page.locator('iframe[title]');
      // The server marks the framed widget, so nothing inside it moves
      // when its scripts run.
      const framed = await (await fetch(env.server.base + (await frameEl.getAttribute('src')))).text();
      assert.match(framed, /<html lang="[^"]+" data-embed="page">/);
      await frameEl.scrollIntoViewIfNeeded();
      const frame = await (await frameEl.elementHandle()).contentFrame();
      await frame.waitForSelector('html[data-hydrated="true"][data-embed="page"]');
      assert.equal(await frame.evaluate(() => document.documentElement.lang), await page.evaluate(() => document.documentElement.lang));
      // The frame follows its content: no scrollbar, nothing cut.
      let fit = null;
      for (let i = 0; i < 40; i++) {
        const content = await frame.evaluate(() => Math.ceil(document.documentElement.getBoundingClientRect().height));
        const box = await frameEl.boundingBox();
        fit = { content, frame: box.height };
        if (Math.abs(content - box.height) <= 2) break;
        await page.waitForTimeout(100);
      }
      assert.ok(Math.abs(fit.content - fit.frame) <= 2, `the frame is ${fit.frame}px for ${fit.content}px of widget`);
      assert.equal(await frame.locator('header select').isVisible(), false, 'a second language menu');
      assert.equal(await frame.getByTestId('cookie-banner').isVisible().catch(() => false), false, 'a second cookie banner');
      await page.getByTestId('cookie-banner').waitFor();
      // Choosing a day makes the widget taller, and the frame with it.
      const before = (await frameEl.boundingBox()).height;
      await frame.locator('table[role=grid] button:not([aria-disabled])').first().click();
      await frame.locator('button[data-slot]').first().waitFor();
      await page.waitForTimeout(300);
      const content = await frame.evaluate(() => Math.ceil(document.documentElement.getBoundingClientRect().height));
      assert.ok(Math.abs(content - (await frameEl.boundingBox()).height) <= 2, `after a day: frame ${before} for ${content}`);
      await ctx.close();
    }
  });
});

describe('errors and navigation', () => {
  test('an unknown path is a 404 page', async () => {
    const ctx = await env.browser.newContext();
    const page = await ctx.newPage();
    const problems = watchConsole(page);
    const res = await page.goto(env.server.base + '/no/such/page?x=1');
    assert.equal(res.status(), 404);
    assert.equal(await page.getAttribute('body', 'data-layout'), 'page', 'an address of the website keeps its frame');
    assert.match(await page.textContent('main'), /Page Not Found: \/no\/such\/page\?x=1/);
    // The way on: home, booking and the website's pages, with its header.
    await page.locator('main').getByRole('link', { name: 'Go to the home page' }).waitFor();
    assert.equal(await page.locator('main').getByRole('link', { name: 'Book an appointment' }).getAttribute('href'), '/widget/groups/demo-group');
    await page.locator('main').getByRole('link', { name: 'Journal' }).waitFor();
    await page.locator('header').getByRole('link', { name: 'Book', exact: true }).waitFor();
    await page.screenshot({ path: join(SHOTS, 'not-found.png') });
    // the browser itself logs the 404 status of the document; nothing else may be logged
    assert.deepEqual(problems.filter((p) => !p.includes('404')), []);
    await ctx.close();
  });

  test('the favicon is not found', async () => {
    const res = await fetch(env.server.base + '/favicon.ico');
    assert.equal(res.status, 404);
    assert.equal(await res.text(), 'Not found');
  });

  test('links navigate on the client, load the same loader and scroll to the top', async () => {
    const ctx = await env.browser.newContext({ viewport: { width: 1024, height: 400 } });
    const page = await ctx.newPage();
    const problems = watchConsole(page);
    await page.goto(env.server.base + '/');
    await page.mouse.move(5, 5);
    await waitForHydration(page);
    await page.evaluate(() => {
      window.__sameDocument = true;
      window.scrollTo(0, 400);
    });
    const pageData = page.waitForResponse((r) => r.url().includes('/api/page-data'));
    await page.getByRole('link', { name: 'About the studio' }).first().click();
    await pageData;
    await page.waitForFunction(() => document.title === 'About the studio · Slotwise Demo Studio');
    assert.equal(await page.textContent('h1'), 'About the studio');
    assert.equal(await page.evaluate(() => window.__sameDocument), true, 'no full page load');
    assert.equal(await page.evaluate(() => window.scrollY), 0);
    await page.goBack();
    await page.waitForFunction(() => document.title !== 'About the studio · Slotwise Demo Studio');
    assert.deepEqual(problems, []);
    await ctx.close();
  });
});

describe('the blog and the storefront, as a reader meets them', () => {
  test('from the journal to a post and a category, Back, an older page, then a product, in German', async () => {
    const ctx = await env.browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'de-DE' });
    const page = await ctx.newPage();
    const problems = watchConsole(page);
    await page.goto(env.server.base + '/de/blog');
    await page.mouse.move(10, 10);
    await waitForHydration(page);
    // The journal in German lists its German posts, each at its German address.
    await page.getByRole('link', { name: 'Ihre Haut im Winter' }).click();
    await page.waitForURL(/\/de\/blog\/b\/ihre-haut-im-winter\/$/);
    await page.getByRole('heading', { level: 1, name: 'Ihre Haut im Winter' }).waitFor();
    await page.getByRole('link', { name: 'Hautpflege' }).click();
    await page.waitForURL(/\/de\/blog\/c\/skin-care$/);
    await page.getByRole('heading', { level: 1, name: 'Kategorie: Hautpflege' }).waitFor();
    await page.goBack();
    await page.getByRole('heading', { level: 1, name: 'Ihre Haut im Winter' }).waitFor();
    await page.goBack();
    await page.getByRole('heading', { level: 1, name: 'Journal' }).waitFor();
    // In French, which the journal is not written in, it lists every post.
    await page.goto(env.server.base + '/fr/blog');
    await page.mouse.move(10, 10);
    await waitForHydration(page);
    await page.getByRole('link', { name: 'Articles plus anciens' }).click();
    await page.waitForURL(/\/fr\/blog\?page=2$/);
    await page.getByText('Page 2 sur 2').waitFor();
    await page.reload();
    await page.getByText('Page 2 sur 2').waitFor();
    // Another shape of a URL lands on its canonical one, in the browser too.
    await page.goto(env.server.base + '/de/post/winter-skin/');
    assert.match(page.url(), /\/de\/blog\/b\/ihre-haut-im-winter\/$/);
    await page.goto(env.server.base + '/de/collections/gifts');
    await page.mouse.move(10, 10);
    await waitForHydration(page);
    await page.getByRole('link', { name: 'Warming massage oil' }).click();
    await page.waitForURL(/\/de\/product\/massage-oil\/$/);
    await page.getByRole('heading', { level: 1, name: 'Warming massage oil' }).waitFor();
    const img = page.locator('img[src="/media/massage-oil.svg"]');
    assert.equal(await img.evaluate((el) => el.complete && el.naturalWidth > 0), true, 'the picture loads');
    await page.screenshot({ path: join(SHOTS, 'product-de-phone.png'), fullPage: true });
    assert.deepEqual(problems, []);
    await ctx.close();
  });

  test('a post reads whole without JavaScript, and a draft is nowhere', async () => {
    const ctx = await env.browser.newContext({ javaScriptEnabled: false });
    const page = await ctx.newPage();
    const res = await page.goto(env.server.base + '/blog/b/first-massage/');
    assert.equal(res.status(), 200);
    await page.getByRole('heading', { level: 2, name: 'Before' }).waitFor();
    assert.equal((await page.goto(env.server.base + '/blog/b/new-treatments-2027/')).status(), 404);
    await ctx.close();
  });
});
