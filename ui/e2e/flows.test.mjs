// The booking flows beyond one service: booking with JavaScript off, Back
// and reload at every step, a team, a group, a class with guests, a
// one-time link and a request the business confirms, in two languages.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { SHOTS, consented, fillDetails, mailsTo, messages, nextMonth, pickSlot, serveAndBrowse, waitForHydration, watchConsole } from './harness.mjs';

const env = serveAndBrowse();
const en = messages('en-US');
const de = messages('de');
const real = (problems) => problems.filter((p) => !/status of (404|409|410|422)/.test(p));


describe('the whole booking flow', () => {
  test('books with JavaScript off: every step is a page and the form posts', async () => {
    const ctx = await consented(env.browser, env.server.base, { javaScriptEnabled: false, locale: 'en-US', viewport: { width: 390, height: 844 } });
    const page = await ctx.newPage();
    await page.goto(env.server.base + '/widget/bookings/demo-consultation');
    // A day, then a time: each a GET form, so each is a URL.
    await page.locator('table[role=grid] button[type=submit]').first().click();
    await page.waitForURL(/date=\d{4}-\d{2}-\d{2}/);
    await page.locator('button[data-slot]').first().click();
    await page.waitForURL(/time=/);
    await page.getByRole('heading', { name: en['booking.details.title'] }).waitFor();
    // A refused post comes back with its messages and what was typed.
    await page.getByRole('textbox', { name: new RegExp(`^${en['booking.field.email']}`) }).fill('ada.nojs@example.com');
    await page.getByRole('button', { name: en['booking.submit'] }).click();
    await page.getByText(en['validation.required.firstName']).waitFor();
    assert.equal(await page.getByRole('textbox', { name: new RegExp(`^${en['booking.field.email']}`) }).inputValue(), 'ada.nojs@example.com');
    await fillDetails(page, en, 'ada.nojs@example.com');
    await page.getByRole('combobox', { name: /Location/ }).selectOption({ index: 1 });
    await page.getByRole('button', { name: en['booking.submit'] }).click();
    await page.waitForURL(/\/widget\/booking\/bk_[^?]+\?token=/);
    await page.getByRole('heading', { name: en['booking.status.scheduled'] }).waitFor();
    await page.screenshot({ path: join(SHOTS, 'nojs-booked-phone.png'), fullPage: true });
    // Booked at the first post, Back from the booking shows the booking,
    // not the form for the same time.
    await page.goto(env.server.base + '/widget/bookings/demo-consultation');
    await page.locator('table[role=grid] button[type=submit]').first().click();
    await page.waitForURL(/date=\d{4}-\d{2}-\d{2}/);
    await page.locator('button[data-slot]').first().click();
    await page.waitForURL(/time=/);
    await fillDetails(page, en, 'ada.nojs.back@example.com');
    await page.getByRole('combobox', { name: /Location/ }).selectOption({ index: 1 });
    await page.getByRole('button', { name: en['booking.submit'] }).click();
    await page.waitForURL(/\/widget\/booking\/bk_[^?]+\?token=/);
    const booked = page.url();
    await page.goBack();
    await page.waitForURL(booked);
    await page.getByRole('heading', { name: en['booking.status.scheduled'] }).waitFor();
    await ctx.close();
  });

  test('Back, Forward and reload land on the same step, in German', async () => {
    const ctx = await consented(env.browser, env.server.base, { timezoneId: 'Europe/Berlin', locale: 'de-DE', viewport: { width: 1280, height: 800 } });
    const page = await ctx.newPage();
    const problems = watchConsole(page);
    await page.goto(env.server.base + '/de/widget/bookings/demo-consultation');
    await waitForHydration(page);
    const { label, start } = await pickSlot(page, { nextMonthLabel: new RegExp(de['booking.calendar.nextMonth']) });
    await page.getByRole('heading', { name: de['booking.details.title'] }).waitFor();
    assert.match(page.url(), new RegExp(`time=${encodeURIComponent(start).replace(/[+]/g, '\\+')}`));
    await fillDetails(page, de, 'grete.back@example.de');
    // Reload: the same time's details.
    await page.reload();
    await waitForHydration(page);
    await page.getByRole('heading', { name: de['booking.details.title'] }).waitFor();
    // Back: the times of that day, the chosen time still there.
    await page.goBack();
    await page.locator(`button[data-slot="${start}"]`).waitFor();
    assert.ok(new URL(page.url()).searchParams.get('date'), 'the day is in the URL');
    assert.equal(await page.getByRole('heading', { name: de['booking.details.title'] }).count(), 0);
    // Forward: the details again.
    await page.goForward();
    await page.getByRole('heading', { name: de['booking.details.title'] }).waitFor();
    // The browser's Back from the details goes back within the widget, never out of it.
    await page.goBack();
    await page.goBack();
    assert.match(page.url(), /\/de\/widget\/bookings\/demo-consultation/);
    await page.getByRole('grid').waitFor();
    assert.ok(label);
    assert.deepEqual(real(problems), []);
    await ctx.close();
  });

  test('the time zone picker finds an old name by keyboard, in German, and the next page is rendered in that zone', async () => {
    const ctx = await consented(env.browser, env.server.base, { timezoneId: 'Europe/Berlin', locale: 'de-DE', viewport: { width: 390, height: 844 } });
    const page = await ctx.newPage();
    const problems = watchConsole(page);
    await page.goto(env.server.base + '/de/widget/bookings/demo-consultation');
    await waitForHydration(page);
    const firstTime = await page.locator('button[data-slot]').first().textContent();
    const trigger = page.getByRole('button', { name: new RegExp(de['booking.timeZone.label']) });
    await trigger.focus();
    await page.keyboard.press('Enter');
    // The search is a chunk of its own, fetched as the picker opens.
    const search = page.getByRole('combobox', { name: de['booking.timeZone.search'] });
    await search.waitFor();
    assert.ok(await search.evaluate((el) => el === document.activeElement), 'the search has focus');
    await page.keyboard.press('Escape');
    assert.ok(await trigger.evaluate((el) => el === document.activeElement), 'Escape gives focus back to the button');
    await page.keyboard.press('Enter');
    // Calcutta is Kolkata's old name: only the maintained list knows it.
    await search.fill('Calcutta');
    // Enter takes the first option: wait until the list is filtered down
    // to Kolkata, not merely until the whole list (which has it) is shown.
    await page.waitForFunction(() => /Kolkata|Kalkutta/.test(document.querySelector('[role="option"]')?.textContent ?? ''));
    await page.keyboard.press('Enter');
    await page.locator('button[data-slot]').first().waitFor();
    assert.notEqual(await page.locator('button[data-slot]').first().textContent(), firstTime, 'the times moved to Kolkata');
    // The zone is remembered: the server renders the next page in it.
    const cookie = (await ctx.cookies()).find((c) => c.name === 'slotwise_tz');
    assert.match(decodeURIComponent(cookie?.value ?? ''), /Asia\/(Kolkata|Calcutta)/);
    const html = await (await page.request.get(env.server.base + '/de/widget/bookings/demo-consultation')).text();
    assert.match(html, /Asia\/(Kolkata|Calcutta)/);
    assert.deepEqual(real(problems), []);
    await ctx.close();
  });

  test('a group leads to a class; a booker brings a named guest and sees the places left', async () => {
    const ctx = await consented(env.browser, env.server.base, { timezoneId: 'Europe/Berlin', locale: 'en-US', viewport: { width: 390, height: 844 } });
    const page = await ctx.newPage();
    const problems = watchConsole(page);
    await page.goto(env.server.base + '/widget/groups/demo-group');
    await waitForHydration(page);
    await page.getByRole('link', { name: /Yoga class/ }).click();
    await page.getByRole('heading', { level: 1, name: 'Yoga class' }).waitFor();
    // Next month's classes: this month's may all be gone on its last afternoon.
    await page.goto(`${page.url()}${page.url().includes('?') ? '&' : '?'}month=${nextMonth()}`);
    await waitForHydration(page);
    // The places left are inside the time's button, in the header's word.
    await page.locator('button[data-slot]', { hasText: '8 places left' }).first().waitFor();
    await page.getByText('8 places per class').waitFor();
    await pickSlot(page);
    await fillDetails(page, en, 'ada.yoga@example.com');
    // One more than the class takes is said as it is typed.
    const count = page.getByRole('spinbutton', { name: en['booking.guests.count'] });
    await count.fill('5');
    await page.getByText(/You can reserve up to 4 places/).waitFor();
    await count.fill('');
    await page.getByRole('link', { name: en['booking.guests.addByName'] }).click();
    await page.getByRole('textbox', { name: 'Guest 1: name' }).fill('Grace Hopper');
    await page.getByRole('textbox', { name: 'Guest 1: email' }).fill('ada.yoga@example.com');
    await page.getByRole('button', { name: en['booking.submit'] }).click();
    await page.getByText(en['validation.guestEmailUnique']).waitFor();
    await page.getByRole('textbox', { name: 'Guest 1: email' }).fill('grace.yoga@example.com');
    await page.getByRole('button', { name: en['booking.submit'] }).click();
    await page.getByRole('heading', { name: en['booking.status.scheduled'] }).waitFor();
    await page.getByText('Grace Hopper').waitFor();
    // A reminder may fall due while the suite runs (the first free class
    // can be a day away): the invitation is the mail counted.
    const invited = (mails) => mails.filter((m) => !/^Subject: (=\?utf-8\?q\?)?Reminder/im.test(m));
    const guestMails = invited(await mailsTo(env.server.dataDir, 'grace.yoga@example.com', 1));
    assert.equal(guestMails.length, 1, 'the guest gets their own mail');
    assert.ok(!/token=/.test(guestMails[0].replace(/=\r?\n/g, '')), "the guest's mail carries no manage link");
    await page.screenshot({ path: join(SHOTS, 'class-booked-phone.png'), fullPage: true });
    assert.deepEqual(real(problems), []);
    await ctx.close();
  });

  test('the same in German and in English: a group, a class with a count of guests, a team, a menu', async () => {
    for (const [locale, t, prefix] of [
      ['de-DE', de, '/de'],
      ['en-US', en, ''],
    ]) {
      const ctx = await consented(env.browser, env.server.base, { timezoneId: 'Europe/Berlin', locale, viewport: { width: 390, height: 844 } });
      const page = await ctx.newPage();
      const problems = watchConsole(page);
      const next = new RegExp(t['booking.calendar.nextMonth']);
      // A group leads to the class; two friends come as a count.
      await page.goto(env.server.base + prefix + '/widget/groups/demo-group');
      await waitForHydration(page);
      await page.getByRole('link', { name: /Yoga class/ }).click();
      await page.getByRole('heading', { level: 1, name: 'Yoga class' }).waitFor();
      await pickSlot(page, { nextMonthLabel: next });
      await fillDetails(page, t, `count.${locale}@example.com`);
      await page.getByRole('spinbutton', { name: t['booking.guests.count'] }).fill('2');
      await page.getByRole('button', { name: t['booking.submit'] }).click();
      await page.getByRole('heading', { name: t['booking.status.scheduled'] }).waitFor();
      // A team and a menu render in this language, with no console problems.
      for (const path of ['/widget/appointment/demo-team', '/widget/service-menus/demo-salon']) {
        await page.goto(env.server.base + prefix + path);
        await waitForHydration(page);
      }
      await page.getByRole('button', { name: t['booking.menu.addNamed'].replace('{name}', 'Colour') }).click();
      await page.getByRole('link', { name: t['booking.menu.chooseTime'] }).waitFor();
      assert.deepEqual(real(problems), [], locale);
      await ctx.close();
    }
  });

  test('a team in German: any available, fairly assigned', async () => {
    const ctx = await consented(env.browser, env.server.base, { timezoneId: 'Europe/Berlin', locale: 'de-DE', viewport: { width: 390, height: 844 } });
    const page = await ctx.newPage();
    await page.goto(env.server.base + '/de/widget/appointment/demo-team');
    await waitForHydration(page);
    await page.getByRole('radio', { name: de['booking.staff.any'] }).waitFor();
    await page.screenshot({ path: join(SHOTS, 'team-de-phone.png'), fullPage: true });
    // Every person is in sight: nothing scrolls sideways on a phone.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    assert.ok(overflow <= 0, `the page scrolls sideways by ${overflow}px`);
    await pickSlot(page, { nextMonthLabel: new RegExp(de['booking.calendar.nextMonth']) });
    await fillDetails(page, de, 'grete.team@example.de');
    await page.getByRole('button', { name: de['booking.submit'] }).click();
    await page.getByRole('heading', { name: de['booking.status.scheduled'] }).waitFor();
    await ctx.close();
  });

  test('a service menu: two services in the cart, booked back to back, in German', async () => {
    const ctx = await consented(env.browser, env.server.base, { timezoneId: 'Europe/Berlin', locale: 'de-DE', viewport: { width: 390, height: 844 } });
    const page = await ctx.newPage();
    const problems = watchConsole(page);
    await page.goto(env.server.base + '/de/widget/service-menus/demo-salon');
    await waitForHydration(page);
    await page.getByRole('button', { name: de['booking.menu.addNamed'].replace('{name}', 'Haircut') }).click();
    await page.getByRole('button', { name: de['booking.menu.addNamed'].replace('{name}', 'Manicure') }).click();
    await page.waitForURL(/cart=salon-haircut%2Csalon-manicure|cart=salon-haircut,salon-manicure/);
    // Reload keeps the cart: it is in the URL.
    await page.reload();
    await waitForHydration(page);
    await page.getByRole('button', { name: de['booking.menu.removeNamed'].replace('{name}', 'Manicure') }).waitFor();
    await page.screenshot({ path: join(SHOTS, 'menu-cart-de-phone.png'), fullPage: true });
    // Chosen reads as chosen; the bar says how many and covers nothing
    // once the menu is scrolled to its end; its button stays on one line.
    assert.equal(await page.getByText(de['booking.menu.added']).count(), 2);
    // A guest of a visit chooses their own services: "+ Gast hinzufügen", not the class's "by name".
    await page.getByRole('link', { name: de['booking.guests.add'], exact: true }).waitFor();
    const bar = page.getByTestId('menu-bar');
    await bar.getByRole('link', { name: de['booking.menu.viewCart'].replace('{count}', '2') }).waitFor();
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const covered = await page.evaluate(() => {
      const bar = document.querySelector('[data-testid="menu-bar"]').getBoundingClientRect();
      return [...document.querySelectorAll('main li, main section')].filter((el) => !el.closest('[data-testid="menu-bar"]')).map((el) => el.getBoundingClientRect()).filter((r) => r.bottom > bar.top + 1 && r.top < bar.bottom).length;
    });
    assert.equal(covered, 0, 'the bar covers part of the menu at its end');
    const next = page.getByRole('link', { name: de['booking.menu.chooseTime'] });
    assert.ok((await next.boundingBox()).height < 56, 'the button wraps');
    await next.click();
    await page.getByRole('heading', { level: 1, name: 'Haircut + Manicure' }).waitFor();
    const { start } = await pickSlot(page, { nextMonthLabel: new RegExp(de['booking.calendar.nextMonth']) });
    await fillDetails(page, de, 'grete.salon@example.de');
    await page.getByRole('button', { name: de['booking.submit'] }).click();
    await page.getByRole('heading', { name: de['booking.status.scheduled'] }).waitFor();
    // One visit: one outcome listing both services, one total, one way to change it.
    assert.equal(await page.locator('[data-status="scheduled"]').count(), 1, 'the visit is one outcome');
    const services = page.locator('article ol li');
    assert.deepEqual((await services.allTextContents()).map((t) => (t.includes('Haircut') ? 'Haircut' : t.includes('Manicure') ? 'Manicure' : t)), ['Haircut', 'Manicure']);
    await page.getByText('64,00 €').waitFor();
    assert.equal(await page.getByRole('link', { name: de['booking.manage.reschedule'] }).count(), 1);
    await page.screenshot({ path: join(SHOTS, 'visit-booked-de-phone.png'), fullPage: true });
    assert.ok(start);
    // Back from the booking goes to the times, not to the form for the time just booked.
    const booked = page.url();
    await page.goBack();
    await page.getByRole('grid').waitFor();
    assert.equal(new URL(page.url()).searchParams.get('time'), null, 'Back reopened the details form');
    await page.goForward();
    await page.waitForURL(booked);

    // Moved as one: the visit's times, then both services at the new time.
    await page.getByRole('link', { name: de['booking.manage.reschedule'] }).click();
    await page.getByRole('heading', { level: 1, name: 'Haircut + Manicure' }).waitFor();
    await waitForHydration(page);
    const moved = await pickSlot(page, { nth: 1, except: start, nextMonthLabel: new RegExp(de['booking.calendar.nextMonth']) });
    await page.getByRole('button', { name: de['booking.reschedule.confirm'] }).click();
    await page.getByRole('heading', { name: de['booking.status.rescheduled'] }).waitFor();
    assert.equal(await page.locator('[data-status="rescheduled"]').count(), 1, 'the moved visit is one outcome');
    assert.equal(await services.count(), 2);
    assert.ok(moved.start !== start);

    // Cancelled as one, with one mail saying so.
    await page.getByRole('link', { name: de['booking.manage.cancel'], exact: true }).click();
    await page.getByText(de['screen.cancelBooking.leadVisit']).waitFor();
    await page.getByRole('button', { name: de['booking.cancel.submit'] }).click();
    await page.getByRole('heading', { name: de['booking.status.cancelled'] }).waitFor();
    assert.equal(await page.locator('[data-status="cancelled"]').count(), 1);
    await page.screenshot({ path: join(SHOTS, 'visit-cancelled-de-phone.png'), fullPage: true });
    // The booker's own (the staff's copies name them too): one each for booked, moved, cancelled.
    const toBooker = (all) => all.filter((m) => /^To:.*grete\.salon@example\.de/m.test(m));
    let mails = [];
    for (let i = 0; i < 50 && mails.length < 3; i++) mails = toBooker(await mailsTo(env.server.dataDir, 'grete.salon@example.de', 3));
    await new Promise((r) => setTimeout(r, 500));
    mails = toBooker(await mailsTo(env.server.dataDir, 'grete.salon@example.de', 3));
    assert.equal(mails.length, 3, 'one mail each: booked, moved, cancelled');
    assert.deepEqual(real(problems), []);
    await ctx.close();
  });

  test('a one-time link books once, then it has expired', async () => {
    const link = env.server.output().match(/http:\/\/\S+(\/widget\/otl\/otl_[A-Za-z0-9_-]+)/);
    assert.ok(link, 'the start banner prints a one-time link');
    const ctx = await consented(env.browser, env.server.base, { timezoneId: 'Europe/Berlin', locale: 'en-US' });
    const page = await ctx.newPage();
    await page.goto(env.server.base + link[1]);
    await waitForHydration(page);
    await pickSlot(page);
    await fillDetails(page, en, 'ada.otl@example.com');
    await page.getByRole('combobox', { name: /Location/ }).selectOption({ index: 1 });
    await page.getByRole('button', { name: en['booking.submit'] }).click();
    await page.getByRole('heading', { name: en['booking.status.scheduled'] }).waitFor();
    const again = await page.goto(env.server.base + link[1]);
    assert.equal(again.status(), 410);
    await page.getByTestId('expired-link').waitFor();
    await ctx.close();
  });

  test('a request is held, offers no calendar buttons, and the business confirms it from its mail', async () => {
    const ctx = await consented(env.browser, env.server.base, { timezoneId: 'Europe/Berlin', locale: 'en-US' });
    const page = await ctx.newPage();
    await page.goto(env.server.base + '/widget/bookings/facial-treatment');
    await waitForHydration(page);
    await pickSlot(page);
    await fillDetails(page, en, 'ada.request@example.com');
    await page.getByRole('textbox', { name: new RegExp(en['booking.field.phone']) }).fill('+49 30 1234567');
    await page.getByRole('button', { name: en['booking.submit.request'] }).click();
    await page.getByRole('heading', { name: en['booking.status.requested'] }).waitFor();
    assert.equal(await page.getByRole('link', { name: new RegExp(en['booking.calendar.google']) }).count(), 0, 'no add-to-calendar before it is confirmed');
    const [staffMail] = (await mailsTo(env.server.dataDir, 'ada.request@example.com', 2)).filter((m) => /decide=/.test(m.replace(/=\r?\n/g, '')));
    assert.ok(staffMail, 'the staff mail has the decide link');
    const decide = staffMail.replace(/=\r?\n/g, '').replace(/=3D/g, '=').match(/(\/widget\/booking\/bk_[A-Za-z0-9_-]+\?decide=[A-Za-z0-9_-]+)/)[1];
    await page.goto(env.server.base + decide);
    await waitForHydration(page);
    await page.getByRole('button', { name: en['booking.decide.confirm'] }).click();
    await page.getByText(en['booking.decide.confirmed']).waitFor();
    const told = await mailsTo(env.server.dataDir, 'ada.request@example.com', 3);
    assert.ok(told.length >= 3, 'the booker is told of the confirmation');
    await ctx.close();
  });
});
