// A business embeds the widget in an iframe on its own site (another
// origin): the widget loads, its cross-site protection lets the widget's
// own requests through, and the visitor books inside the frame.
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import { describe, test } from 'node:test';
import { messages, pickSlot, serveAndBrowse } from './harness.mjs';

const env = serveAndBrowse();

describe('the widget embedded on a business site', () => {
  test('books inside an iframe on another origin', async () => {
    const en = messages('en-US');
    const widget = new URL(env.server.base);
    // The business's site: "localhost" is another site than 127.0.0.1.
    const site = createServer((_, res) => {
      res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
      res.end(`<!doctype html><title>Studio</title><h1>Book with us</h1>
        <iframe title="Booking" src="http://127.0.0.1:${widget.port}/widget/bookings/demo-consultation" width="1100" height="1400"></iframe>`);
    });
    await new Promise((r) => site.listen(0, '127.0.0.1', r));
    try {
      const ctx = await env.browser.newContext({ timezoneId: 'Europe/Berlin', locale: 'en-US', viewport: { width: 1280, height: 1500 } });
      const page = await ctx.newPage();
      const problems = [];
      page.on('console', (m) => m.type() === 'error' && problems.push(m.text()));
      await page.goto(`http://localhost:${site.address().port}/`);
      const frame = page.frameLocator('iframe[title="Booking"]');
      await frame.locator('html[data-hydrated="true"]').waitFor({ timeout: 15000 });
      const inner = page.frames().find((f) => f.url().includes('/widget/bookings/'));
      const banner = frame.getByTestId('cookie-banner');
      if (await banner.isVisible()) await banner.getByRole('button').first().click();
      await pickSlot(inner, { nth: 0 });
      await frame.getByRole('textbox', { name: /First name/ }).fill('Ada');
      await frame.getByRole('textbox', { name: /Last name/ }).fill('Lovelace');
      await frame.getByRole('textbox', { name: /Email/ }).fill('ada.frame@example.com');
      await frame.getByRole('combobox', { name: /Location/ }).selectOption({ index: 1 });
      await frame.getByRole('button', { name: en['booking.submit'] }).click();
      await frame.getByRole('heading', { name: en['booking.status.scheduled'] }).waitFor();
      assert.deepEqual(problems.filter((p) => /Content Security Policy|frame-ancestors|403/.test(p)), []);
      await ctx.close();
    } finally {
      site.close();
    }
  });
});
