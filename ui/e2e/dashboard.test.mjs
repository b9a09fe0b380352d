// The business's dashboard as its people use it: the owner on a laptop
// signs in by mail and confirms a request; the front desk on a phone,
// without JavaScript, declines one and cancels a booking with a reason;
// a staff member sees only their own. Each booking is made at the first
// free time the server offers, whatever day the test runs.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { SHOTS, axe, mailsTo, messages, serveAndBrowse, waitForHydration, watchConsole } from './harness.mjs';

const env = serveAndBrowse();
const en = messages('en-US');
const real = (problems) => problems.filter((p) => !/status of (404|409|410|422)/.test(p));

// addPerson runs `slotwise user add` against the server's database and
// returns the path of the link it prints.
function addPerson(email, role, staff) {
  const args = ['user', 'add', '--data-dir', env.server.dataDir, '--email', email, '--role', role, ...(staff ? ['--staff', staff] : [])];
  const out = execFileSync('bin/slotwise', args, { encoding: 'utf8' }).trim().split('\n');
  return new URL(out.at(-1)).pathname;
}

// book makes a booking through the public API at the nth free time of a
// calendar, with the staff member whose name starts with staff, when one is named.
async function book(calendar, email, nth = 0, staff = undefined) {
  const base = env.server.base;
  const from = new Date().toISOString().slice(0, 10);
  const to = new Date(Date.now() + 20 * 864e5).toISOString().slice(0, 10);
  let staffId;
  if (staff) {
    const page = await (await fetch(`${base}/api/page-data?path=${encodeURIComponent('/widget/bookings/' + calendar)}`)).json();
    staffId = page.data.calendar.staff.find((s) => s.name.startsWith(staff))?.id;
  }
  const slots = await (await fetch(`${base}/api/booking/slots?calendar=${calendar}&from=${from}&to=${to}&tz=Europe/Berlin${staffId ? `&staff=${staffId}` : ''}`)).json();
  const start = Object.values(slots.slots).flat()[nth];
  const res = await fetch(base + '/api/bookings', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      calendar, start, tz: 'Europe/Berlin', acceptTerms: true, ...(staffId ? { staff: staffId } : {}),
      contact: { firstName: email.split('@')[0], lastName: 'Client', email, phone: '+49 30 1234567', location: 'Lindenstraße 12, 10969 Berlin', consent: true },
    }),
  });
  assert.equal(res.status, 201, `booking ${calendar}: ${await res.clone().text()}`);
  return (await res.json()).id;
}

describe('the dashboard', () => {
  test('the owner on a laptop signs in by mail and confirms a request; every screen passes axe', async () => {
    addPerson('owner.e2e@example.com', 'owner');
    const request = await book('facial-treatment', 'ada.dashboard@example.com', 3);
    const ctx = await env.browser.newContext({ bypassCSP: true, locale: 'en-US', viewport: { width: 1280, height: 800 } });
    const page = await ctx.newPage();
    const problems = watchConsole(page);

    await page.goto(env.server.base + '/admin');
    await page.waitForURL(/\/admin\/sign-in$/);
    await page.getByRole('heading', { name: /Sign in to/ }).waitFor();
    assert.deepEqual(await axe(page), [], 'the sign-in page');
    await waitForHydration(page);
    await page.getByRole('textbox', { name: en['admin.signIn.email'] }).fill('owner.e2e@example.com');
    await page.getByRole('button', { name: en['admin.signIn.send'] }).click();
    await page.getByRole('status').filter({ hasText: /sign-in link is on its way/ }).waitFor();

    const [mail] = await mailsTo(env.server.dataDir, 'owner.e2e@example.com', 1);
    assert.ok(mail, 'the sign-in mail is written');
    const link = /https?:\/\/[^\s"<>]+\/admin\/sign-in\/(swl_[A-Z0-9]+)/.exec(mail.replace(/=\r?\n/g, ''));
    assert.ok(link, 'the mail holds the link');
    await page.goto(env.server.base + '/admin/sign-in/' + link[1]);
    await page.getByText('owner.e2e@example.com').waitFor();
    assert.deepEqual(await axe(page), [], 'the sign-in link\'s page');
    await page.getByRole('button', { name: en['admin.link.button'] }).click();
    await page.getByRole('heading', { name: en['admin.bookings.heading'] }).waitFor();
    assert.match(page.url(), /\/admin$/);
    assert.deepEqual(await axe(page), [], 'the bookings list');
    await page.screenshot({ path: join(SHOTS, 'dashboard-bookings-1280.png'), fullPage: true });

    await page.getByRole('navigation', { name: en['admin.bookings.tabs'] }).getByRole('link', { name: /Requests/ }).click();
    await page.waitForURL(/\/admin\/bookings\/requests$/);
    const row = page.getByRole('listitem').filter({ hasText: 'ada.dashboard' });
    await row.getByRole('button', { name: /Confirm the request/ }).click();
    await page.getByRole('status').filter({ hasText: /Confirmed/ }).waitFor();
    assert.equal(await page.getByRole('listitem').filter({ hasText: 'ada.dashboard' }).count(), 0, 'the confirmed request leaves the requests');

    await page.goto(env.server.base + '/admin/booking/' + request);
    await page.getByRole('heading', { name: /ada\.dashboard/ }).waitFor();
    assert.ok(await page.getByText(en['admin.status.scheduled'], { exact: true }).isVisible(), 'the booking is confirmed');
    assert.deepEqual(await axe(page), [], 'the booking page');
    await page.screenshot({ path: join(SHOTS, 'dashboard-booking-1280.png'), fullPage: true });

    // The client calls to move it: another free time of the same day.
    const times = page.getByRole('group', { name: /Free times on/ }).getByRole('radio');
    assert.ok((await times.count()) > 1, 'the day offers other free times');
    const to = await times.nth(1).getAttribute('value');
    await times.nth(1).check();
    await page.getByRole('button', { name: en['admin.move.button'] }).click();
    await page.getByRole('status').filter({ hasText: en['admin.done.moved'] }).waitFor();
    await page.getByText(/Moved to/).waitFor();
    assert.ok(to, 'the time chosen');

    // The owner's people: who signs in, as what.
    await page.getByRole('link', { name: en['admin.nav.people'], exact: true }).click();
    await page.getByRole('heading', { name: en['admin.people.heading'] }).waitFor();
    assert.deepEqual(await axe(page), [], 'the people');

    // The owner's settings: the business's details, changed and shown.
    await page.getByRole('link', { name: en['admin.nav.settings'], exact: true }).click();
    await page.getByRole('heading', { name: en['admin.settings.heading'] }).waitFor();
    assert.deepEqual(await axe(page), [], 'the settings');
    await page.getByLabel(en['admin.settings.name']).fill('Slotwise Demo Studio');
    await page.getByRole('button', { name: en['admin.settings.save'] }).click();
    await page.getByRole('status').filter({ hasText: en['admin.settings.saved'] }).waitFor();
    await page.screenshot({ path: join(SHOTS, 'dashboard-settings-1280.png'), fullPage: true });

    // Payments, webhooks and API tokens: a token made is shown once, and
    // opens the admin API; the page read again does not show it.
    await page.getByRole('link', { name: en['admin.settings.connections'] }).click();
    await page.getByRole('heading', { name: en['admin.connections.heading'] }).waitFor();
    assert.deepEqual(await axe(page), [], 'the connections');
    await page.getByLabel(en['admin.connections.tokenName']).fill('e2e reports');
    await page.getByRole('button', { name: en['admin.connections.addToken'] }).click();
    const shown = page.getByRole('status').locator('code');
    await shown.waitFor();
    const token = (await shown.textContent()).trim();
    assert.match(token, /^swa_[A-Z0-9]+$/);
    const api = await fetch(env.server.base + '/api/admin/bookings?limit=1', { headers: { Authorization: 'Bearer ' + token } });
    assert.equal(api.status, 200, 'the token shown opens the admin API');
    await page.screenshot({ path: join(SHOTS, 'dashboard-connections-1280.png'), fullPage: true });
    await page.reload();
    await page.getByText('e2e reports').waitFor();
    assert.equal(await page.getByText(token).count(), 0, 'the secret is shown once');
    assert.deepEqual(real(problems), []);
    await ctx.close();
  });

  test('the owner on a phone without JavaScript adds a webhook, and its signing secret is shown once', async () => {
    const link = addPerson('owner.phone@example.com', 'owner');
    const ctx = await env.browser.newContext({ javaScriptEnabled: false, locale: 'en-US', viewport: { width: 390, height: 844 } });
    const page = await ctx.newPage();
    await page.goto(env.server.base + link);
    await page.getByRole('button', { name: en['admin.link.button'] }).click();
    await page.getByRole('heading', { name: en['admin.bookings.heading'] }).waitFor();
    await page.goto(env.server.base + '/admin/settings/connections');
    await page.getByLabel(en['admin.connections.url']).fill('https://hooks.example.com/slotwise');
    await page.getByRole('button', { name: en['admin.connections.addWebhook'] }).click();
    await page.getByText(en['admin.connections.chooseEvents']).waitFor(); // no event chosen: refused, the address kept
    assert.equal(await page.getByLabel(en['admin.connections.url']).inputValue(), 'https://hooks.example.com/slotwise');
    await page.getByLabel('booking.created').check();
    await page.getByRole('button', { name: en['admin.connections.addWebhook'] }).click();
    const shown = page.getByRole('status').locator('code');
    await shown.waitFor();
    assert.match(await shown.textContent(), /^whsec_/);
    await page.screenshot({ path: join(SHOTS, 'dashboard-connections-390.png'), fullPage: true });
    await page.goto(env.server.base + '/admin/settings/connections');
    await page.getByText('hooks.example.com/slotwise').waitFor();
    assert.equal(await page.getByRole('status').locator('code').count(), 0, 'the secret is shown once');
    await ctx.close();
  });

  test('the front desk on a phone without JavaScript declines a request and cancels a booking with a reason', async () => {
    const link = addPerson('desk.e2e@example.com', 'desk');
    const declined = await book('facial-treatment', 'grace.dashboard@example.com', 5);
    const cancelled = await book('demo-massage', 'alan.dashboard@example.com', 2);
    const ctx = await env.browser.newContext({ javaScriptEnabled: false, locale: 'en-US', viewport: { width: 390, height: 844 } });
    const page = await ctx.newPage();
    await page.goto(env.server.base + link);
    await page.getByRole('button', { name: en['admin.link.button'] }).click();
    await page.getByRole('heading', { name: en['admin.bookings.heading'] }).waitFor();
    await page.screenshot({ path: join(SHOTS, 'dashboard-bookings-390.png'), fullPage: true });

    await page.getByRole('searchbox', { name: en['admin.filter.search'] }).fill('grace.dash');
    await page.getByRole('button', { name: en['admin.filter.apply'] }).first().click();
    await page.waitForURL(/q=grace\.dash/);
    assert.equal(await page.getByRole('listitem').count(), 1, 'the search finds the one booking');
    // The list searched, as a spreadsheet.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: en['admin.bookings.export'] }).click()]);
    const csv = readFileSync(await download.path(), 'utf8');
    assert.match(csv, /^\ufeffid,status,start/);
    assert.match(csv, /grace\.dashboard@example\.com/);
    assert.equal(csv.trim().split('\n').length, 2, 'the export holds the one booking found');
    await page.getByRole('button', { name: /Decline the request/ }).click();
    await page.getByRole('status').filter({ hasText: /Declined/ }).waitFor();

    await page.goto(env.server.base + '/admin/booking/' + cancelled);
    await page.getByRole('textbox', { name: en['admin.cancel.reason'] }).fill('The therapist is ill');
    await page.getByRole('button', { name: en['admin.cancel.button'] }).click();
    await page.getByRole('status').filter({ hasText: /Cancelled/ }).waitFor();
    await page.getByRole('definition').filter({ hasText: 'The therapist is ill' }).waitFor();
    assert.equal(await page.getByRole('button', { name: en['admin.cancel.button'] }).count(), 0, 'a cancelled booking offers no cancel');
    await page.screenshot({ path: join(SHOTS, 'dashboard-booking-390.png'), fullPage: true });

    await page.goto(env.server.base + '/admin/booking/' + declined);
    await page.getByText(en['admin.status.cancelled'], { exact: true }).waitFor();
    await ctx.close();
  });

  test('the front desk without JavaScript gives a day off, reviewed first, and the booking page stops offering it', async () => {
    const link = addPerson('rota.e2e@example.com', 'desk');
    const from = new Date().toISOString().slice(0, 10);
    const to = new Date(Date.now() + 20 * 864e5).toISOString().slice(0, 10);
    // demo-duo needs Jonas and Mia both: Jonas's day off empties the day.
    const slots = await (await fetch(`${env.server.base}/api/booking/slots?calendar=demo-duo&from=${from}&to=${to}&tz=Europe/Berlin`)).json();
    const day = Object.keys(slots.slots).find((d) => slots.slots[d].length > 0);
    assert.ok(day, 'the duo has a free day in the next weeks');
    const offered = async (page) => {
      await page.goto(`${env.server.base}/widget/bookings/demo-duo?date=${day}`);
      return page.locator('button[data-slot]').count();
    };
    const ctx = await env.browser.newContext({ javaScriptEnabled: false, locale: 'en-US', viewport: { width: 390, height: 844 } });
    const page = await ctx.newPage();
    // The page shows a day's first times (more on request): its count then,
    // not the day's, is what a review must leave as it is.
    const before = await offered(page);
    assert.ok(before > 0, 'the booking page offers the day before');
    await page.goto(env.server.base + link);
    await page.getByRole('button', { name: en['admin.link.button'] }).click();
    await page.getByRole('heading', { name: en['admin.bookings.heading'] }).waitFor();
    await page.getByRole('link', { name: en['admin.nav.availability'] }).click();
    await page.getByRole('link', { name: 'Jonas Becker' }).click();
    await page.getByRole('heading', { name: en['admin.off.heading'] }).waitFor();
    await page.getByLabel(en['admin.off.from']).fill(day);
    await page.getByRole('button', { name: en['admin.hours.review'] }).nth(1).click();
    await page.getByRole('heading', { name: en['admin.effect.heading'] }).waitFor();
    assert.equal(await offered(await ctx.newPage()), before, 'a review changes nothing');
    await page.screenshot({ path: join(SHOTS, 'dashboard-day-off-review-390.png'), fullPage: true });
    await page.getByRole('button', { name: en['admin.hours.save'], exact: true }).click();
    await page.getByRole('status').filter({ hasText: en['admin.availability.saved'] }).waitFor();
    assert.equal(await offered(page), 0, 'the day off is gone from the booking page');
    await ctx.close();

    // With JavaScript, on a laptop: the page passes axe, and the day off
    // removed gives the day back.
    const owner = addPerson('rota.owner.e2e@example.com', 'owner');
    const laptop = await env.browser.newContext({ bypassCSP: true, locale: 'en-US', viewport: { width: 1280, height: 800 } });
    const lp = await laptop.newPage();
    const problems = watchConsole(lp);
    await lp.goto(env.server.base + owner);
    await lp.getByRole('button', { name: en['admin.link.button'] }).click();
    await lp.getByRole('heading', { name: en['admin.bookings.heading'] }).waitFor();
    await lp.goto(env.server.base + '/admin/availability/jonas');
    await waitForHydration(lp);
    assert.deepEqual(await axe(lp), [], 'the availability page');
    await lp.screenshot({ path: join(SHOTS, 'dashboard-availability-1280.png'), fullPage: true });
    await lp.getByRole('button', { name: /^Remove / }).first().click();
    await lp.getByRole('status').filter({ hasText: en['admin.availability.removed'] }).waitFor();
    assert.ok((await offered(lp)) > 0, 'the day is offered again');
    assert.deepEqual(real(problems), [], 'no console errors');
    await laptop.close();
  });

  test('the front desk books a client from the calendar\'s free times; the calendar, the check and the responses pass axe', async () => {
    const link = addPerson('calendar.e2e@example.com', 'desk');
    const ctx = await env.browser.newContext({ bypassCSP: true, locale: 'en-US', viewport: { width: 1280, height: 800 } });
    const page = await ctx.newPage();
    const problems = watchConsole(page);
    await page.goto(env.server.base + link);
    await page.getByRole('button', { name: en['admin.link.button'] }).click();
    await page.getByRole('heading', { name: en['admin.bookings.heading'] }).waitFor();
    await page.getByRole('link', { name: en['admin.nav.calendar'], exact: true }).click();
    await page.getByRole('heading', { name: en['admin.calendar.heading'] }).waitFor();
    await waitForHydration(page);
    // The first day ahead with a free massage.
    const from = new Date().toISOString().slice(0, 10);
    const to = new Date(Date.now() + 20 * 864e5).toISOString().slice(0, 10);
    const slots = await (await fetch(`${env.server.base}/api/booking/slots?calendar=demo-massage&from=${from}&to=${to}&tz=Europe/Berlin`)).json();
    const day = Object.keys(slots.slots).find((d) => slots.slots[d].length > 0);
    await page.goto(`${env.server.base}/admin/calendar?date=${day}&book=demo-massage`);
    await waitForHydration(page);
    assert.deepEqual(await axe(page), [], 'the calendar');
    await page.screenshot({ path: join(SHOTS, 'dashboard-calendar-1280.png'), fullPage: true });
    await page.getByRole('link', { name: /^Book Massage with / }).first().click();
    await page.getByRole('heading', { name: en['admin.book.heading'] }).waitFor();
    assert.deepEqual(await axe(page), [], 'booking for a client');
    await page.getByLabel(en['admin.book.firstName']).fill('Hedy');
    await page.getByLabel(en['admin.book.lastName']).fill('Lamarr');
    await page.getByLabel(en['admin.book.email']).fill('hedy.dashboard@example.com');
    const phone = page.getByLabel(en['admin.book.phone']);
    if (await phone.count()) await phone.fill('+49 30 1234567');
    const place = page.getByLabel(en['admin.book.place']);
    if (await place.count()) await place.fill('Lindenstraße 12, 10969 Berlin');
    await page.getByRole('button', { name: en['admin.book.submit'], exact: true }).click();
    await page.getByRole('status').filter({ hasText: /Booked/ }).waitFor();
    await page.getByText('hedy.dashboard@example.com').first().waitFor();

    // A service with questions: the desk answers what the client says.
    const asks = await (await fetch(`${env.server.base}/api/booking/slots?calendar=demo-consultation&from=${from}&to=${to}&tz=Europe/Berlin`)).json();
    const askDay = Object.keys(asks.slots).find((d) => asks.slots[d].length > 0);
    await page.goto(`${env.server.base}/admin/calendar?date=${askDay}&book=demo-consultation`);
    await waitForHydration(page);
    // The first free time shown (a day's grid and its list for a phone
    // are both in the page; one is hidden).
    await page.locator('a[aria-label^="Book Consultation with "]:visible').first().click();
    await page.getByRole('heading', { name: en['admin.book.heading'] }).waitFor();
    await page.getByRole('group', { name: en['admin.book.questions'] }).waitFor();
    assert.deepEqual(await axe(page), [], 'booking for a client, with the service\'s questions');
    await page.screenshot({ path: join(SHOTS, 'dashboard-book-questions-1280.png'), fullPage: true });
    await page.getByLabel(en['admin.book.firstName']).fill('Ada');
    await page.getByLabel(en['admin.book.lastName']).fill('Lovelace');
    await page.getByLabel(en['admin.book.email']).fill('ada.dashboard@example.com');
    await page.getByLabel(en['admin.book.place']).selectOption({ index: 1 });
    await page.getByLabel('Dry skin').check();
    await page.getByRole('button', { name: en['admin.book.submit'], exact: true }).click();
    await page.getByRole('status').filter({ hasText: /Booked/ }).waitFor();
    await page.getByText('Dry skin').first().waitFor();

    await page.goto(`${env.server.base}/admin/why-not-free?calendar=demo-massage&date=${day}&time=03:00`);
    await page.getByText(en['admin.why.notFree']).waitFor();
    assert.deepEqual(await axe(page), [], 'why is this time not free');
    await page.goto(`${env.server.base}/admin/responses`);
    await page.getByRole('heading', { name: en['admin.responses.heading'] }).waitFor();
    assert.deepEqual(await axe(page), [], 'the responses');
    assert.deepEqual(real(problems), [], 'no console errors');
    await ctx.close();
  });

  test('a person adds a passkey, then signs in with it instead of a mail (a virtual authenticator)', async () => {
    const link = addPerson('passkey.e2e@example.com', 'owner');
    // A passkey belongs to the business's own host, a domain name (never an
    // address): the studio answers on localhost, its primary host.
    execFileSync('bin/slotwise', ['host', 'add', 'localhost', '--primary', '--data-dir', env.server.dataDir]);
    const base = env.server.base.replace('127.0.0.1', 'localhost');
    const ctx = await env.browser.newContext({ bypassCSP: true, locale: 'en-US', viewport: { width: 390, height: 844 } });
    const page = await ctx.newPage();
    const problems = watchConsole(page);
    const cdp = await ctx.newCDPSession(page);
    await cdp.send('WebAuthn.enable');
    const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
      options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
    });
    await page.goto(base + link);
    await page.getByRole('button', { name: en['admin.link.button'] }).click();
    await page.getByRole('heading', { name: en['admin.bookings.heading'] }).waitFor();

    await page.getByRole('link', { name: 'passkey.e2e@example.com' }).click();
    await page.getByRole('heading', { name: en['admin.account.heading'] }).waitFor();
    await waitForHydration(page);
    await page.getByRole('button', { name: en['admin.account.add'] }).click();
    await page.getByRole('status').filter({ hasText: en['admin.done.added'] }).waitFor();
    await page.getByText(/Chrome, Linux/).waitFor();
    const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
    assert.equal(credentials.length, 1, 'the authenticator holds one passkey');
    assert.ok(credentials[0].isResidentCredential, 'a discoverable passkey: signing in asks no address');
    // The person is told by mail, with the way to their passkeys.
    let told = [];
    for (let i = 0; i < 100 && told.length === 0; i++) {
      told = (await mailsTo(env.server.dataDir, 'passkey.e2e@example.com', 1)).filter((m) => m.includes('A passkey now signs you in'));
      if (told.length === 0) await new Promise((r) => setTimeout(r, 100));
    }
    assert.equal(told.length, 1, 'one mail tells of the passkey added');
    assert.match(told[0].replace(/=\r?\n/g, ''), /\/admin\/account/, 'the mail links to the person\'s passkeys');
    assert.deepEqual(await axe(page), [], 'the account page');
    await page.screenshot({ path: join(SHOTS, 'dashboard-account-390.png'), fullPage: true });

    // Signed out, the sign-in page offers the passkey in the address
    // field's suggestions at once (the virtual authenticator picks it as
    // a person would): signed in without a mail.
    await page.goto(base + '/admin/sign-out');
    assert.deepEqual(await axe(page), [], 'the sign-out page');
    await page.getByRole('button', { name: en['admin.signOut.here'] }).click();
    await page.waitForURL(/\/admin$/);
    await page.getByRole('heading', { name: en['admin.bookings.heading'] }).waitFor();

    // Where the browser has no such suggestions, the button does it (the
    // same passkey, in this tab's authenticator).
    const plain = await ctx.newPage();
    await plain.addInitScript(() => {
      PublicKeyCredential.isConditionalMediationAvailable = async () => false;
    });
    const plainCdp = await ctx.newCDPSession(plain);
    await plainCdp.send('WebAuthn.enable');
    const second = await plainCdp.send('WebAuthn.addVirtualAuthenticator', {
      options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
    });
    // Its sign count as the first tab's is now: a copy behind it would be a
    // clone, which the server refuses.
    const now = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
    await plainCdp.send('WebAuthn.addCredential', { authenticatorId: second.authenticatorId, credential: now.credentials[0] });
    await plain.goto(base + '/admin/sign-out');
    await plain.getByRole('button', { name: en['admin.signOut.here'] }).click();
    await plain.getByRole('status').filter({ hasText: en['admin.signIn.out'] }).waitFor();
    await waitForHydration(plain);
    await plain.getByRole('button', { name: en['admin.passkey.signIn'] }).click();
    await plain.waitForURL(/\/admin$/);
    await plain.getByRole('heading', { name: en['admin.bookings.heading'] }).waitFor();
    await plain.close();

    await page.goto(base + '/admin/account');
    await page.getByText(/last used/).waitFor();
    // Removed, it signs nobody in: the suggestion it still makes is refused.
    await page.getByRole('button', { name: /Remove the passkey/ }).click();
    await page.getByRole('status').filter({ hasText: en['admin.done.removed'] }).waitFor();
    await page.goto(base + '/admin/sign-out');
    await page.getByRole('button', { name: en['admin.signOut.here'] }).click();
    await page.getByRole('alert').filter({ hasText: en['admin.passkey.refused'] }).waitFor();
    assert.match(page.url(), /\/admin\/sign-in/);
    assert.deepEqual(real(problems).filter((p) => !/status of 400/.test(p)), []);
    await ctx.close();
  });

  test('a staff member sees only their own bookings, and another\'s answers as missing', async () => {
    const link = addPerson('mia.e2e@example.com', 'staff', 'mia');
    const mine = await book('demo-massage', 'own.dashboard@example.com', 7, 'Mia');
    const theirs = await book('demo-massage', 'other.dashboard@example.com', 7, 'Jonas');
    const ctx = await env.browser.newContext({ bypassCSP: true, locale: 'en-US', viewport: { width: 1280, height: 800 } });
    const page = await ctx.newPage();
    await page.goto(env.server.base + link);
    await page.getByRole('button', { name: en['admin.link.button'] }).click();
    await page.getByRole('heading', { name: en['admin.bookings.heading'] }).waitFor();
    const body = await page.content();
    assert.ok(body.includes(mine), 'their own booking is listed');
    assert.ok(!body.includes(theirs) && !body.includes('other.dashboard'), 'another staff member\'s is not');
    const res = await page.goto(env.server.base + '/admin/booking/' + theirs);
    assert.equal(res.status(), 404);

    // Keyboard only: the skip link, then the bar's links in order.
    await page.goto(env.server.base + '/admin');
    await waitForHydration(page);
    await page.keyboard.press('Tab');
    assert.equal(await page.evaluate(() => document.activeElement?.getAttribute('href')), '#main', 'the skip link comes first');
    await page.keyboard.press('Tab');
    assert.match(await page.evaluate(() => document.activeElement?.textContent ?? ''), /Slotwise Demo Studio/);

    // Signing out ends it: the dashboard asks to sign in again.
    await page.getByRole('link', { name: en['admin.signOut.link'] }).click();
    await page.getByRole('button', { name: en['admin.signOut.here'] }).click();
    await page.getByRole('status').filter({ hasText: en['admin.signIn.out'] }).waitFor();
    await page.goto(env.server.base + '/admin');
    await page.waitForURL(/\/admin\/sign-in$/);
    await ctx.close();
  });
});
