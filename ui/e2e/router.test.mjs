import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { LOCALES, serveAndBrowse, waitForHydration, watchConsole } from './harness.mjs';

const env = serveAndBrowse();

const prefix = (locale) => (locale === 'en-US' ? '' : `/${locale}`);

// The router hydrates from the payload the server rendered with: in every
// language, the booking page, a form and a blog post hydrate without a
// recoverable error or a warning, and without asking for the page again.
describe('hydration in every language', () => {
  for (const locale of LOCALES) {
    test(`${locale}: the booking page, a form and a post`, async () => {
      const ctx = await env.browser.newContext({ viewport: { width: 390, height: 844 }, timezoneId: 'Europe/Berlin' });
      const page = await ctx.newPage();
      const problems = watchConsole(page);
      const pageData = [];
      page.on('request', (req) => req.url().includes('/api/page-data') && pageData.push(req.url()));
      for (const path of ['/widget/bookings/demo-consultation', '/widget/form/demo-contact', '/blog/b/winter-skin/']) {
        const res = await page.goto(env.server.base + prefix(locale) + path);
        assert.equal(res.status(), 200, path);
        await page.mouse.move(10, 10); // website pages hydrate on the first gesture
        await waitForHydration(page);
        // <html lang> is the main content's language; the frame's is the page's.
        const { lang, contentLang } = await page.evaluate(() => JSON.parse(document.getElementById('__SLOTWISE_DATA__').textContent));
        assert.equal(await page.getAttribute('html', 'lang'), contentLang ?? lang);
      }
      assert.deepEqual(problems, [], `console of ${locale}`);
      assert.deepEqual(pageData, [], 'hydration asked for a page again');
      await ctx.close();
    });
  }
});

describe('navigating with the router', () => {
  test('links load the next page from Go, Back restores the last, and a dead end shows the error screen', async () => {
    const ctx = await env.browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await ctx.newPage();
    const problems = watchConsole(page);
    await page.goto(env.server.base + '/blog');
    await page.mouse.move(10, 10);
    await waitForHydration(page);
    const first = page.locator('main a[href*="/b/"]').first();
    const title = (await first.textContent()).trim();
    const loads = [];
    page.on('request', (req) => req.url().includes('/api/page-data') && loads.push(new URL(req.url()).searchParams.get('path')));
    await page.evaluate(() => window.scrollTo(0, 300));
    await first.click();
    await page.waitForURL(/\/blog\/b\//);
    await page.getByRole('heading', { level: 1, name: title }).waitFor();
    assert.equal(loads.length, 1, `one page load: ${loads}`);
    assert.equal(await page.evaluate(() => window.scrollY), 0, 'a new page starts at its top');
    assert.ok((await page.title()).includes(title), `the tab names the post: ${await page.title()}`);

    await page.goBack();
    await page.waitForURL(/\/blog$/);
    await page.getByRole('link', { name: title }).first().waitFor();
    assert.equal(await page.evaluate(() => window.scrollY), 300, 'Back returns where the reader was');

    // A page that does not exist: the spec's error screen, hydrated from
    // Go's answer into the route's error element; its link home is the
    // router's again.
    assert.deepEqual(problems, []);
    const res = await page.goto(env.server.base + '/no-such-page');
    problems.splice(0, problems.length, ...problems.filter((p) => !/status of 404/.test(p))); // the document's own 404
    assert.equal(res.status(), 404);
    await page.mouse.move(10, 10);
    await waitForHydration(page);
    assert.match(await page.textContent('h1'), /Page Not Found: \/no-such-page/);
    loads.length = 0;
    await page.getByRole('link', { name: 'Go to the home page' }).click();
    await page.waitForURL(env.server.base + '/');
    await page.locator('main h1').first().waitFor();
    assert.deepEqual(loads, ['/'], 'home came from the router');
    assert.deepEqual(problems, []);
    await ctx.close();
  });

  test('a layout chunk that is gone (a new deploy) loads the page in full, once', async () => {
    const ctx = await env.browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await ctx.newPage();
    const problems = watchConsole(page);
    let refused = 0;
    await page.route(/\/assets\/layout-calendar\.[0-9a-f]+\.js$/, (route) => {
      refused++;
      return route.abort();
    });
    await page.goto(env.server.base + '/');
    await page.mouse.move(10, 10);
    await waitForHydration(page);
    const documents = [];
    page.on('request', (req) => req.resourceType() === 'document' && documents.push(new URL(req.url()).pathname));
    await page.locator('a[href="/widget/bookings/demo-consultation"]').first().click();
    await page.waitForURL(/\/widget\/bookings\/demo-consultation$/);
    await page.getByRole('heading', { level: 1, name: 'Consultation' }).waitFor();
    assert.deepEqual(documents, ['/widget/bookings/demo-consultation'], 'the target was loaded in full');
    assert.ok(refused >= 1, 'the chunk was asked for');
    assert.ok(problems.some((p) => /loading the page in full/.test(p)), `the failure is logged: ${problems}`);
    await ctx.close();
  });
});
