// A business puts the widget on its own site (another site than the
// server's): with a plain iframe, and with /embed.js inline, as a popup
// and as a floating button. The frame follows its content's height,
// the host hears the widget's events, and neither side listens to a
// third origin.
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import { after, before, describe, test } from 'node:test';
import { chooseLanguage, messages, pickSlot, serveAndBrowse, SHOTS } from './harness.mjs';

const env = serveAndBrowse();
const EVENTS = ['ready', 'step', 'booked', 'submitted', 'paid'];
const MIN_FILL_MS = 3200; // a form filled faster is taken for a robot

// The business's site is "localhost" (another site than 127.0.0.1); the
// foreign page, a third origin, tries to speak to both.
let site, foreign, widget;
function listen(handler) {
  const srv = createServer(handler);
  return new Promise((r) => srv.listen(0, '127.0.0.1', () => r(srv)));
}

function hostPage(body, script = '') {
  return `<!doctype html><html${body.lang ? ` lang="${body.lang}"` : ''}><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Studio</title>
<script>
  window.heard = [];
  for (const t of ${JSON.stringify(EVENTS)}) document.addEventListener('slotwise:' + t, (e) => heard.push({ type: t, ...e.detail }));
</script>
<body style="margin:0;font-family:sans-serif;background:#fdf6ec">
<h1 style="margin:1rem">Studio Aurora</h1>
${body.html}
<iframe id="foreign" title="Foreign" src="http://127.0.0.1:${foreign.address().port}/" width="10" height="10"></iframe>
<p style="margin:1rem">Footer of the studio's own page.</p>
<script src="${widget.origin}/embed.js" async ${script}></script>
</body></html>`;
}

const hostURL = (path) => `http://localhost:${site.address().port}${path}`;

async function openHost(path, viewport = { width: 1280, height: 800 }) {
  const ctx = await env.browser.newContext({ timezoneId: 'Europe/Berlin', locale: 'en-US', viewport });
  const page = await ctx.newPage();
  const problems = [];
  page.on('console', (m) => m.type() === 'error' && problems.push(m.text()));
  page.on('pageerror', (e) => problems.push(e.message));
  await page.goto(hostURL(path));
  return { ctx, page, problems };
}

const heard = (page, type) => page.evaluate((t) => window.heard.filter((e) => e.type === t), type);
const waitHeard = (page, type, n = 1) => page.waitForFunction(([t, k]) => window.heard.filter((e) => e.type === t).length >= k, [type, n], { timeout: 15000 });
const widgetFrame = (page) => page.frames().find((f) => f.url().startsWith(widget.origin + '/') && f.url().includes('/widget/'));
const foreignFrame = (page) => page.frames().find((f) => f.url().startsWith(`http://127.0.0.1:${foreign.address().port}`));

// fits: the frame is as tall as its content (within a pixel), shows no
// scrollbar of its own, and keeps that height (no growth loop).
async function assertFits(page, selector) {
  const measure = async () => {
    const outer = await page.locator(selector).evaluate((el) => el.getBoundingClientRect().height);
    const inner = await widgetFrame(page).evaluate(() => ({
      content: document.documentElement.getBoundingClientRect().height,
      scroll: document.documentElement.scrollHeight,
      view: window.innerHeight,
    }));
    return { outer, ...inner };
  };
  // Settled: fitting, and the same a moment later (a resize of the page
  // reaches the frame's layout and the host's answer a little apart).
  const settled = (a) => Math.abs(a.outer - a.content) <= 1 && a.scroll <= a.view + 1;
  let m = await measure();
  for (let i = 0; i < 50; i++) {
    await page.waitForTimeout(150);
    const next = await measure();
    if (settled(m) && settled(next) && next.outer === m.outer) break;
    m = next;
  }
  assert.ok(Math.abs(m.outer - m.content) <= 1, `frame ${m.outer}px for content ${m.content}px`);
  assert.ok(m.scroll <= m.view + 1, `no inner scrollbar: ${m.scroll} in ${m.view}`);
  await page.waitForTimeout(700);
  const later = await measure();
  assert.equal(later.outer, m.outer, 'the height holds still');
  return m.outer;
}

describe('the widget embedded on a business site', () => {
  before(async () => {
    widget = new URL(env.server.base);
    foreign = await listen((_, res) => {
      res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
      res.end('<!doctype html><title>Foreign</title><p>foreign</p>');
    });
    site = await listen((req, res) => {
      const pages = {
        '/plain': { html: `<iframe title="Booking" src="${widget.origin}/widget/bookings/demo-consultation" width="1100" height="1400"></iframe>` },
        '/inline': { lang: 'en', html: `<div data-slotwise-inline="/widget/bookings/demo-consultation" data-slotwise-title="Booking"><a href="${widget.origin}/widget/bookings/demo-consultation">Book a consultation</a></div>` },
        '/popup': { html: '<p style="margin:1rem"><button data-slotwise-popup="/widget/form/demo-contact">Write to us</button></p>' },
      };
      const p = pages[new URL(req.url, 'http://x').pathname];
      if (!p) {
        res.writeHead(404).end();
        return;
      }
      res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
      res.end(hostPage(p, req.url.startsWith('/popup') ? 'data-slotwise-button="/widget/bookings/demo-consultation" data-slotwise-label="Book now"' : ''));
    });
  });
  after(() => {
    site?.close();
    foreign?.close();
  });

  test('books inside a plain iframe on another site', async () => {
    const en = messages('en-US');
    const { ctx, page, problems } = await openHost('/plain');
    const frame = page.frameLocator('iframe[title="Booking"]');
    await frame.locator('html[data-hydrated="true"]').waitFor({ timeout: 15000 });
    const banner = frame.getByTestId('cookie-banner');
    if (await banner.isVisible()) await banner.getByRole('button').first().click();
    await pickSlot(widgetFrame(page), { nth: 0 });
    await frame.getByRole('textbox', { name: /First name/ }).fill('Ada');
    await frame.getByRole('textbox', { name: /Last name/ }).fill('Lovelace');
    await frame.getByRole('textbox', { name: /Email/ }).fill('ada.frame@example.com');
    await frame.getByRole('combobox', { name: /Location/ }).selectOption({ index: 1 });
    await frame.getByRole('button', { name: en['booking.submit'] }).click();
    await frame.getByRole('heading', { name: en['booking.status.scheduled'] }).waitFor();
    // Without /embed.js nobody is told anything.
    assert.deepEqual(await page.evaluate(() => window.heard), []);
    assert.deepEqual(problems.filter((p) => /Content Security Policy|frame-ancestors|403/.test(p)), []);
    await ctx.close();
  });

  test('inline: the frame follows its content, the host hears each step and the booking, a third origin is ignored', async () => {
    const en = messages('en-US');
    const { ctx, page, problems } = await openHost('/inline?utm_source=newsletter&utm_campaign=spring&other=x');
    await waitHeard(page, 'ready');
    const [ready] = await heard(page, 'ready');
    assert.equal(ready.route, 'bookings');
    assert.equal(ready.step, 'calendar');
    const src = new URL(await page.locator('iframe[title="Booking"]').getAttribute('src'));
    assert.equal(src.pathname, '/en/widget/bookings/demo-consultation', 'the page language rides in the path');
    assert.equal(src.searchParams.get('utm_source'), 'newsletter');
    assert.equal(src.searchParams.get('utm_campaign'), 'spring');
    assert.equal(src.searchParams.get('other'), null, 'only campaign parameters travel');
    assert.equal(new URL(widgetFrame(page).url()).hash, '', 'the host origin is not in the address');
    assert.equal(await page.getByRole('link', { name: 'Book a consultation' }).count(), 0, 'the frame takes the fallback link\'s place');

    const wide = await assertFits(page, 'iframe[title="Booking"]');
    await page.screenshot({ path: `${SHOTS}/embed-inline-1280.png`, fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    const narrow = await assertFits(page, 'iframe[title="Booking"]');
    assert.ok(narrow > wide, `narrower is taller (${narrow} > ${wide})`);

    // A third origin speaks to the host and to the widget: both ignore it.
    const stranger = foreignFrame(page);
    await stranger.evaluate(() => {
      parent.postMessage({ slotwise: 1, type: 'booked', id: 'forged' }, '*');
      parent.postMessage({ slotwise: 1, type: 'resize', height: 5 }, '*');
      for (let i = 0; i < parent.frames.length; i++) parent.frames[i].postMessage({ slotwise: 1, type: 'focus' }, '*');
    });
    await page.waitForTimeout(500);
    assert.deepEqual(await heard(page, 'booked'), []);
    assert.ok((await page.locator('iframe[title="Booking"]').evaluate((el) => el.getBoundingClientRect().height)) > 100, 'a forged height is ignored');
    assert.equal(await widgetFrame(page).evaluate(() => document.activeElement?.tagName), 'BODY', 'a forged focus is ignored');

    await page.setViewportSize({ width: 1280, height: 800 });
    const inner = widgetFrame(page);
    const banner = inner.getByTestId('cookie-banner');
    if (await banner.isVisible()) await banner.getByRole('button').first().click();
    await pickSlot(inner, { nth: 0 });
    await waitHeard(page, 'step', 2);
    const steps = (await heard(page, 'step')).map((e) => e.step);
    assert.deepEqual(steps.slice(-2), ['times', 'details']);
    await inner.getByRole('textbox', { name: /First name/ }).waitFor();
    await assertFits(page, 'iframe[title="Booking"]');
    await inner.getByRole('textbox', { name: /First name/ }).fill('Ada');
    await inner.getByRole('textbox', { name: /Last name/ }).fill('Embedded');
    await inner.getByRole('textbox', { name: /Email/ }).fill('ada.embed@example.com');
    await inner.getByRole('combobox', { name: /Location/ }).selectOption({ index: 1 });
    await inner.getByRole('button', { name: en['booking.submit'] }).click();
    await waitHeard(page, 'booked');
    const [booked] = await heard(page, 'booked');
    assert.match(booked.id, /^[A-Za-z0-9_-]+$/);
    assert.equal(booked.calendar, 'Consultation');
    assert.equal(booked.email, undefined, 'no contact details reach the host page');
    assert.equal(booked.manageUrl, undefined, 'no manage link reaches the host page');
    await inner.getByRole('heading', { name: en['booking.status.scheduled'] }).waitFor();
    await assertFits(page, 'iframe[title="Booking"]');
    await page.screenshot({ path: `${SHOTS}/embed-inline-booked.png`, fullPage: true });
    assert.deepEqual(problems, []);
    await ctx.close();
  });

  test('without JavaScript the host page keeps its link to the widget', async () => {
    const ctx = await env.browser.newContext({ javaScriptEnabled: false });
    const page = await ctx.newPage();
    await page.goto(hostURL('/inline'));
    const link = page.getByRole('link', { name: 'Book a consultation' });
    assert.equal(await link.getAttribute('href'), `${widget.origin}/widget/bookings/demo-consultation`);
    await link.click();
    await page.waitForURL(`${widget.origin}/widget/bookings/demo-consultation`);
    await page.getByRole('heading', { name: 'Consultation' }).waitFor();
    await ctx.close();
  });

  test('popup and floating button on a phone: the button never covers the popup, the form is sent, Escape closes', async () => {
    const { ctx, page, problems } = await openHost('/popup', { width: 390, height: 844 });
    const floating = page.getByRole('button', { name: 'Book now' });
    await floating.waitFor();
    await floating.click();
    const dialog = page.getByRole('dialog', { name: 'Book now' });
    await dialog.waitFor();
    assert.equal(await floating.isVisible(), false, 'the floating button hides under its popup');
    await waitHeard(page, 'ready');
    // The popup's widget takes the focus (its heading), as a dialog's contents do.
    await page.waitForFunction(() => true);
    await widgetFrame(page).waitForFunction(() => /^H[12]$/.test(document.activeElement?.tagName ?? ''), null, { timeout: 5000 });
    const box = await page.locator('[role=dialog] iframe').boundingBox();
    assert.ok(box.x >= 0 && box.x + box.width <= 391, 'the popup fits the phone');
    await page.screenshot({ path: `${SHOTS}/embed-popup-390.png` });
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    assert.equal(await floating.isVisible(), true);

    const opener = page.getByRole('button', { name: 'Write to us' });
    await opener.click();
    await page.getByRole('dialog', { name: 'Write to us' }).waitFor();
    await waitHeard(page, 'ready', 2);
    const form = widgetFrame(page);
    await form.getByLabel('Your name').fill('Grace Popup');
    await form.getByRole('textbox', { name: 'Email', exact: true }).fill('grace.popup@example.com');
    await form.getByLabel('What is it about?').selectOption('other');
    await form.getByLabel('Message').fill('Sent from the studio site.');
    await page.waitForTimeout(MIN_FILL_MS);
    await form.getByRole('button', { name: 'Send message' }).click();
    await waitHeard(page, 'submitted');
    const [sent] = await heard(page, 'submitted');
    assert.equal(sent.form, 'demo-contact');
    await form.getByText('Thank you! We have your message').waitFor();
    // Escape inside the widget closes the popup too, and the focus goes back.
    await form.getByText('Thank you! We have your message').click();
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    assert.equal(await page.evaluate(() => document.activeElement?.textContent), 'Write to us');
    assert.deepEqual(problems, []);
    await ctx.close();
  });

  test('a language chosen inside the frame is kept on the next visit (a third-party cookie)', async () => {
    const { ctx, page } = await openHost('/popup', { width: 1280, height: 800 });
    await page.getByRole('button', { name: 'Write to us' }).click();
    await waitHeard(page, 'ready');
    const inner = widgetFrame(page);
    await chooseLanguage(inner, 'Deutsch');
    await inner.getByLabel('Ihr Name').waitFor();
    await page.keyboard.press('Escape');
    await page.reload();
    await page.getByRole('button', { name: 'Write to us' }).click();
    await page.waitForFunction(() => window.heard.some((e) => e.type === 'ready'));
    assert.equal(new URL(widgetFrame(page).url()).pathname, '/widget/form/demo-contact', 'no language in the address: the cookie speaks');
    await widgetFrame(page).getByLabel('Ihr Name').waitFor({ timeout: 10000 });
    await ctx.close();
  });
});
