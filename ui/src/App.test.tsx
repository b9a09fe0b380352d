import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { bookingPageData } from './testing/booking';
import { pageMessages } from './testing/pageMessages';
import { staticPage } from './router/static';
import type { Payload } from './payload';

function payload(over: Partial<Payload>): Payload {
  return {
    route: 'error', layout: 'error', params: {}, path: '/x', basePath: '/x', locale: 'en-US', lang: 'en-US',
    status: 404, scrollToTop: true, consent: 'all', siteName: 'Slotwise Demo Studio', messages: pageMessages('en-US'),
    head: { title: '', description: '', canonical: '', alternates: [] }, data: {}, ...over,
  };
}

// render is the server's render (entry-server.tsx): a static router over the payload.
const render = async (p: Payload) => renderToString(await staticPage(p.path, p));

describe('the error screen', () => {
  it('shows the status and its message', async () => {
    const html = await render(payload({ statusMessage: 'Page Not Found: /x' }));
    expect(html).toContain('404');
    expect(html).toContain('Page Not Found: /x');
  });
  it.each(['slug expired', 'Reschedule link is no longer valid', 'Cancellation not allowed'])('shows the expired-link page for "%s"', async (msg) => {
    const html = await render(payload({ status: 410, statusMessage: msg }));
    expect(html).toContain('data-testid="expired-link"');
    expect(html).toContain('This link has expired');
    expect(html).toContain(msg);
    expect(html).toMatch(/<a[^>]*href="\/"[^>]*>Go to the home page<\/a>/); // the way on
  });

  const frame = {
    name: 'Studio Nord', contact: [{ label: 'Call +49 30 1', href: 'tel:+49301' }, { label: 'Send a message', href: '/widget/form/contact' }],
    home: '/de', book: '/de/widget/appointment/groups/all',
  };
  it("draws a widget's page that leads nowhere in its business's frame, with the way on", async () => {
    const html = await render(payload({ statusMessage: 'Page Not Found: /widget/form/nope', data: { status: 404, message: '', frame } }));
    expect(html).toContain('Studio Nord');
    expect(html).toContain('We could not find this page');
    expect(html).toMatch(/<a[^>]*href="\/de\/widget\/appointment\/groups\/all"[^>]*>See what you can book<\/a>/);
    expect(html).toMatch(/<a[^>]*href="\/de"[^>]*>Go to Studio Nord<\/a>/);
    expect(html).not.toContain('booking-links');
  });
  it("offers the links to one's bookings where a booking's link leads nowhere, as a form that works without JavaScript", async () => {
    const html = await render(payload({ statusMessage: 'No calendar event found', data: { status: 404, message: '', frame: { ...frame, lookup: true } } }));
    expect(html).toContain('We could not find this booking');
    expect(html).toMatch(/<form[^>]*method="post"/);
    expect(html).toMatch(/<input[^>]*type="email"[^>]*name="booking-links"/);
    expect(html).toContain('Send me my booking links');
  });
  it.each([
    ['sent', 'If there are upcoming bookings for that address'],
    ['invalid', 'Email is invalid'],
    ['limited', 'Too many attempts'],
  ])('says how a request for the links went without JavaScript (?links=%s)', async (state, says) => {
    const html = await render(payload({ path: `/widget/booking/x?links=${state}`, statusMessage: 'No calendar event found', data: { status: 404, message: '', frame: { ...frame, lookup: true } } }));
    expect(html).toContain(says);
  });
  it("asks the business for a new link where one ran out, naming its ways", async () => {
    const html = await render(payload({ status: 410, statusMessage: 'slug expired', data: { status: 410, message: '', frame } }));
    expect(html).toContain('Ask Studio Nord for a new one');
    expect(html).toMatch(/<a[^>]*href="tel:\+49301"[^>]*>Call \+49 30 1<\/a>/);
  });
});

describe('widget screens', () => {
  const booking = { route: 'bookings', layout: 'calendar' as const, status: 200, params: { slug: 'demo-consultation' }, path: '/de/widget/bookings/demo-consultation' };

  it('render their data in the page language', async () => {
    const html = await render(payload({ ...booking, locale: 'de', lang: 'de', messages: pageMessages('de'), data: bookingPageData() }));
    expect(html).toMatch(/<h1[^>]*>Consultation<\/h1>/);
    expect(html).toContain('Beliebige verfügbare Person');
    expect(html).toContain('Montag, 23. November');
  });

  it('never show a visitor the parameters of their route, even without their data', async () => {
    const html = await render(payload({ ...booking, data: null }));
    expect(html).not.toContain('demo-consultation');
    expect(html).not.toContain('slug');
  });

  it('show the cookie banner until it is answered', async () => {
    const base = { route: 'form', layout: 'form' as const, status: 200 };
    expect(await render(payload({ ...base, consent: '' }))).toContain('Accept essential');
    expect(await render(payload({ ...base, consent: 'essential' }))).not.toContain('Accept essential');
  });

  it('ask for cookies with a form the server answers without JavaScript', async () => {
    const html = await render(payload({ route: 'form', layout: 'form', status: 200, consent: '' }));
    const form = html.match(/<form[^>]*>/)?.[0] ?? '';
    expect(form).toContain('method="post"');
    expect(form).not.toContain('action='); // the page's own address
    expect(html).toMatch(/<button type="submit"[^>]*value="essential" name="cookie-consent"/);
    expect(html).toMatch(/<button type="submit"[^>]*value="all" name="cookie-consent"/);
  });

  it('offer every language as a link to the same page, English by its prefix', async () => {
    const html = await render(payload({ ...booking, locale: 'de', lang: 'de', messages: pageMessages('de'), data: bookingPageData(), path: '/de/widget/bookings/demo-consultation?tz=Europe%2FBerlin', basePath: '/widget/bookings/demo-consultation' }));
    expect(html).toContain('href="/en/widget/bookings/demo-consultation?tz=Europe%2FBerlin"');
    expect(html).toContain('href="/fr/widget/bookings/demo-consultation?tz=Europe%2FBerlin"');
    expect(html).toMatch(/<a[^>]*aria-current="true"[^>]*href="\/de\/widget\/bookings\/demo-consultation\?tz=Europe%2FBerlin"/);
    expect(html).toMatch(/<details[^>]*>\s*<summary/);
    expect(html).not.toContain('<select');
  });
});
