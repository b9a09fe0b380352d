// Every booker screen as a visitor meets it, checked by axe-core (no
// accessibility violations) and by the Nu HTML checker (valid HTML), both
// run here against the served pages, nothing fetched from elsewhere.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { axe, consented, fillDetails, htmlProblems, messages, nextMonth, pickSlot, serveAndBrowse, waitForHydration } from './harness.mjs';

const env = serveAndBrowse();
const en = messages('en-US');

// The screens of the booker, each reached as a visitor reaches it.
const screens = [
  ['times', '/widget/bookings/demo-consultation', null],
  ['details', '/widget/bookings/demo-consultation', async (page) => pickSlot(page)],
  ['team', '/widget/appointment/demo-team', null],
  ['class', '/widget/bookings/demo-yoga', null],
  ['group', '/widget/groups/demo-group', null],
  ['menu', '/widget/service-menus/demo-salon?cart=salon-haircut', null],
  ['German details', '/de/widget/bookings/facial-treatment', async (page) => pickSlot(page, { nextMonthLabel: /Nächster Monat/ })],
  ['a booked visit', '/widget/service-menus/demo-salon?cart=salon-haircut,salon-manicure&step=time', bookVisit],
  [
    "a visit's cancel page",
    '/widget/service-menus/demo-salon?cart=salon-haircut,salon-manicure&step=time',
    async (page) => {
      await bookVisit(page);
      await page.getByRole('link', { name: en['booking.manage.cancel'], exact: true }).click();
      await page.getByText(en['screen.cancelBooking.leadVisit']).waitFor();
    },
  ],
  [
    'a month on a phone',
    // Next month, which always has free times: this month's may all be
    // gone on its last afternoon (a month without any offers no month view).
    `/widget/bookings/demo-consultation?month=${nextMonth()}`,
    async (page) => page.getByRole('checkbox', { name: en['booking.calendar.wholeMonth'] }).check(),
  ],
];

// bookVisit books the cart on the page and lands on the visit's page.
async function bookVisit(page) {
  await pickSlot(page);
  await fillDetails(page, en, `ada.audit.${Date.now()}@example.com`);
  await page.getByRole('button', { name: en['booking.submit'] }).click();
  await page.getByRole('heading', { name: en['booking.status.scheduled'] }).waitFor();
}

describe('every booker screen', () => {
  for (const [name, path, reach] of screens) {
    test(`${name}: no axe violations, valid HTML`, async () => {
      // The page's CSP allows its own scripts only; the auditor is injected past it.
      const ctx = await consented(env.browser, env.server.base, { timezoneId: 'Europe/Berlin', viewport: { width: 390, height: 844 }, bypassCSP: true });
      const page = await ctx.newPage();
      await page.goto(env.server.base + path);
      await waitForHydration(page);
      if (reach) await reach(page);
      assert.deepEqual(await axe(page), [], `${name} has accessibility violations`);
      // The HTML the server sends for this step, as a browser without scripts gets it.
      const res = await fetch(page.url(), { headers: { Cookie: 'slotwise_consent=all' } });
      assert.equal(await htmlProblems(await res.text()), '', `${name} is not valid HTML`);
      await ctx.close();
    });
  }
});

// What a phone downloads before the booker works: the entry and the calendar
// layout, nothing of the steps after it. The bound is where the build stands
// (React and React DOM are 69 KB of it, react-router 31 KB), so it cannot
// creep up unseen; the budget (120 KB with react-router) is tracked by make
// bench.
const INITIAL_JS_BOUND = 125 * 1024;

describe('the booking page’s first screen', () => {
  test('loads only its own JavaScript, within the bound, and fetches the details step on intent', async () => {
    const ctx = await consented(env.browser, env.server.base, { timezoneId: 'Europe/Berlin', viewport: { width: 390, height: 844 } });
    const page = await ctx.newPage();
    const scripts = [];
    page.on('requestfinished', (req) => {
      if (req.resourceType() !== 'script') return;
      // A chunk still arriving as the page closes has no size to read.
      req.sizes().then((s) => scripts.push({ name: req.url().split('/').pop(), bytes: s.responseBodySize }), () => {});
    });
    await page.goto(env.server.base + '/widget/bookings/demo-consultation', { waitUntil: 'networkidle' });
    await waitForHydration(page);
    const names = scripts.map((s) => s.name).join(' ');
    const total = scripts.reduce((n, s) => n + s.bytes, 0);
    assert.match(names, /\bmain\.[0-9a-f]{8}\.js/, names);
    assert.doesNotMatch(names, /booker-details|booking-view|phone|tzdb/, `the first screen loaded a later step: ${names}`);
    assert.ok(total > 60 * 1024 && total <= INITIAL_JS_BOUND, `initial JavaScript is ${total} bytes (${names})`);

    // Pointing at the times fetches the details step; picking one shows it.
    await pickSlot(page);
    await page.getByRole('heading', { name: 'Enter your details' }).waitFor();
    await page.waitForLoadState('networkidle');
    assert.match(scripts.map((s) => s.name).join(' '), /booker-details/);
    await ctx.close();
  });
});
