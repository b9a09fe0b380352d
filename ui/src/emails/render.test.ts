import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { BookingView } from '../features/booking/types';
import { renderEmail } from './render';
import './register';
import type { EmailData, EmailKind } from './types';

const dir = join(__dirname, '../../../locales');
const load = (f: string) => JSON.parse(readFileSync(join(dir, f), 'utf8')) as Record<string, string>;
const english = load('en-US.json');
// As Go's locales package serves it: the language's messages over en-US's.
const german = { ...english, ...load('de.json') };

// Normalise the spaces ICU puts in dates (narrow and plain no-break spaces)
// so expectations can be written plainly.
const plain = (s: string) => s.replace(/[\u202f\u00a0\u2009]/g, ' ');

function booking(over: Partial<BookingView> = {}): BookingView {
  return {
    id: 'bk_7Hq2',
    status: 'scheduled',
    start: '2026-11-23T09:00:00+01:00',
    end: '2026-11-23T10:00:00+01:00',
    timeZone: 'Europe/Berlin',
    previousStart: null,
    cancellationReason: '',
    calendar: { slug: 'demo-consultation', name: 'Consultation', durationMinutes: 60 },
    staff: { id: 3, name: 'Anna Berg' },
    location: 'Hauptstraße 5, Berlin',
    contact: { firstName: 'Jürgen', lastName: 'Müller', email: 'juergen@example.com' },
    locationName: 'Demo Studio',
    manageUrl: '/widget/booking/bk_7Hq2?token=tok123',
    rescheduleUrl: '/widget/bookings/demo-consultation?reschedule=bk_7Hq2&token=tok123',
    cancelUrl: '/widget/booking/cancel-booking?id=bk_7Hq2&token=tok123',
    icsUrl: '/api/bookings/bk_7Hq2/ics?token=tok123',
    googleUrl: 'https://calendar.google.com/calendar/render?action=TEMPLATE&text=Consultation',
    outlookUrl: 'https://outlook.live.com/calendar/0/deeplink/compose?subject=Consultation',
    canChange: true,
    seats: 1,
    guests: [],
    cancelledBy: '',
    visit: false,
    forGuest: false,
    bookAgainUrl: '/widget/bookings/demo-consultation',
    ...over,
  };
}

function data(lang: string, b: BookingView, messages = lang === 'de' ? german : english): EmailData {
  return { locale: lang, lang, messages, booking: b, baseUrl: 'https://book.example.com/', staffName: 'Anna' };
}

function render(kind: EmailKind, d: EmailData) {
  const out = renderEmail(kind, d);
  return { subject: plain(out.subject), text: plain(out.text), html: plain(out.html) };
}

const kinds: EmailKind[] = [
  'booking.confirmation',
  'booking.requested',
  'booking.rescheduled',
  'booking.cancelled',
  'staff.booked',
  'staff.rescheduled',
  'staff.cancelled',
  'booking.reminder',
  'guest.reminder',
  'staff.reminder',
];

function forKind(kind: EmailKind): BookingView {
  switch (kind) {
    case 'booking.requested':
      return booking({ status: 'requested' });
    case 'booking.rescheduled':
    case 'staff.rescheduled':
      return booking({ status: 'rescheduled', previousStart: '2026-11-20T14:30:00+01:00' });
    case 'booking.cancelled':
    case 'staff.cancelled':
      return booking({ status: 'cancelled', canChange: false, cancellationReason: 'Feeling unwell' });
    default:
      return booking();
  }
}

describe('renderEmail', () => {
  // The same instant, shown where the booker is: the zone decides the day
  // and hour, and its name is spelled out.
  const locales = [
    {
      lang: 'en-US',
      subjectDate: 'Nov 23, 2026, 9:00 AM GMT+1',
      when: 'Monday, November 23, 2026, 9:00 – 10:00 AM (Central European Standard Time)',
      previous: 'Friday, November 20, 2026, 2:30 – 3:30 PM (Central European Standard Time)',
    },
    {
      lang: 'de',
      subjectDate: '23. Nov. 2026, 09:00 MEZ',
      when: 'Montag, 23. November 2026, 09:00–10:00 Uhr (Mitteleuropäische Normalzeit)',
      previous: 'Freitag, 20. November 2026, 14:30–15:30 Uhr (Mitteleuropäische Normalzeit)',
    },
  ];

  describe.each(locales)('in $lang', ({ lang, subjectDate, when, previous }) => {
    it.each(kinds)('%s shows the date in the booking zone in subject, text and HTML', (kind) => {
      const out = render(kind, data(lang, forKind(kind)));
      expect(out.subject).toContain(subjectDate);
      expect(out.subject).toContain('Consultation');
      expect(out.text).toContain(when);
      expect(out.html).toContain(when);
      expect(out.html).toMatch(/^<!DOCTYPE html><html lang="[a-zA-Z-]+">/);
      expect(out.html).toContain('width="600"');
      expect(out.text + out.html).not.toMatch(/email\.[a-zA-Z]/); // no raw message ids
    });

    it('shows the previous time of a rescheduled booking', () => {
      for (const kind of ['booking.rescheduled', 'staff.rescheduled'] as const) {
        const out = render(kind, data(lang, forKind(kind)));
        expect(out.text).toContain(previous);
        expect(out.html).toContain(previous);
      }
    });
  });

  it('tells of bookings made together in one mail: a row each, with the person where people differ', () => {
    const later = booking({ id: 'bk_8Zz9', start: '2026-11-23T10:00:00+01:00', end: '2026-11-23T10:45:00+01:00', calendar: { slug: 'salon-colour', name: 'Colour', durationMinutes: 45 }, staff: { id: 4, name: 'Jonas Becker' } });
    const out = render('booking.confirmation', { ...data('de', booking()), also: [later] });
    expect(out.text).toContain('Diese 2 Termine wurden zusammen gebucht:');
    expect(out.text).toContain('Montag, 23. November 2026, 09:00–10:00 Uhr (Mitteleuropäische Normalzeit) · Anna Berg');
    expect(out.text).toContain('Montag, 23. November 2026, 10:00–10:45 Uhr (Mitteleuropäische Normalzeit) · Jonas Becker');
    expect(out.html).toContain('Colour');
    expect(out.subject).toContain('Consultation + Colour');
    // A visit moved whole: the time it had, first start to last end.
    const moved = render('booking.rescheduled', {
      ...data('en-US', booking({ status: 'rescheduled', previousStart: '2026-11-20T14:00:00+01:00' })),
      also: [later],
    });
    expect(moved.text).toContain('Friday, November 20, 2026, 2:00 – 3:45 PM');
    // One person for all: named once, not on every row.
    const series = render('booking.confirmation', { ...data('en-US', booking()), also: [booking({ id: 'bk_2', start: '2026-11-30T09:00:00+01:00', end: '2026-11-30T10:00:00+01:00' })] });
    expect(series.text).toContain('These 2 appointments were booked together:');
    expect(series.text).toContain('Monday, November 30, 2026, 9:00 – 10:00 AM (Central European Standard Time)');
    expect(series.text).not.toContain('AM (Central European Standard Time) · Anna Berg');
    expect(series.text.match(/Anna Berg/g)?.length).toBe(1);
  });

  it('shows the time in the booker zone, not the server zone', () => {
    const out = render('booking.confirmation', data('en-US', booking({ timeZone: 'America/New_York' })));
    expect(out.subject).toContain('Nov 23, 2026, 3:00 AM EST');
    expect(out.text).toContain('Monday, November 23, 2026, 3:00 – 4:00 AM (Eastern Standard Time)');
  });

  it('names the summer zone on a summer date', () => {
    const out = render('booking.confirmation', data('en-US', booking({ start: '2026-07-01T09:00:00+02:00', end: '2026-07-01T10:00:00+02:00' })));
    expect(out.text).toContain('(Central European Summer Time)');
  });

  it('uses English for messages the German catalogue lacks, German for the rest', () => {
    const fallback = { ...english, 'email.label.when': 'Wann' };
    const out = render('booking.confirmation', data('de', booking(), fallback));
    expect(out.text).toContain('Wann: Montag, 23. November 2026');
    expect(out.text).toContain(english['email.confirmation.title']);
  });

  it('gives the booker absolute manage and calendar links', () => {
    const out = render('booking.confirmation', data('en-US', booking()));
    for (const url of [
      'https://book.example.com/widget/booking/bk_7Hq2?token=tok123',
      'https://book.example.com/widget/bookings/demo-consultation?reschedule=bk_7Hq2&token=tok123',
      'https://book.example.com/widget/booking/cancel-booking?id=bk_7Hq2&token=tok123',
      'https://book.example.com/api/bookings/bk_7Hq2/ics?token=tok123',
      'https://calendar.google.com/calendar/render?action=TEMPLATE&text=Consultation',
    ]) {
      expect(out.text).toContain(url);
      expect(out.html).toContain(`href="${url.replace(/&/g, '&amp;')}"`);
    }
  });

  it('never gives the staff member the booker links with their token', () => {
    for (const kind of ['staff.booked', 'staff.rescheduled', 'staff.cancelled'] as const) {
      const out = render(kind, data('en-US', forKind(kind)));
      expect(out.text).not.toContain('tok123');
      expect(out.html).not.toContain('tok123');
      expect(out.text).toContain('Hello Anna,');
      expect(out.text).toContain('Jürgen Müller');
      expect(out.text).toContain('juergen@example.com');
    }
  });

  it('wears the business colour on its name, links and buttons, as its pages do', () => {
    const out = render('booking.confirmation', { ...data('en-US', booking()), brand: '#0f766e' });
    expect(out.html).toMatch(/color:#0f766e[^>]*>Demo Studio</);
    expect(out.html).toMatch(/<a href="https:\/\/book\.example\.com\/widget\/booking\/bk_7Hq2\?token=tok123"[^>]*background-color:#0f766e/);
    expect(out.html).not.toContain('#1d4ed8');
    // A colour that is not one stays out of the style attributes.
    const odd = render('booking.confirmation', { ...data('en-US', booking()), brand: 'red;background:url(x)' });
    expect(odd.html).not.toContain('url(x)');
    expect(odd.html).toContain('background-color:#27272a');
  });

  it('offers no changes once cancelled, and tells why', () => {
    const out = render('booking.cancelled', data('en-US', forKind('booking.cancelled')));
    expect(out.text).not.toContain('tok123');
    expect(out.text).toContain('Reason: Feeling unwell');
    expect(out.html).toContain('line-through');
  });

  it('tells the staff member when a request awaits confirmation', () => {
    const out = render('staff.booked', data('en-US', booking({ status: 'requested' })));
    expect(out.text).toContain(english['email.staffBooked.awaitsConfirmation']);
  });

  it('escapes what the booker typed', () => {
    const out = renderEmail('booking.confirmation', data('en-US', booking({ contact: { firstName: '<b>Eve</b>', lastName: '&', email: 'e@example.com' } })));
    expect(out.html).not.toContain('<b>Eve</b>');
    expect(out.html).toContain('&lt;b&gt;Eve&lt;/b&gt;');
    expect(out.text).toContain('Hello <b>Eve</b>,');
  });

  it('fails instead of sending message ids', () => {
    const { ['email.confirmation.title']: _, ...incomplete } = english;
    expect(() => renderEmail('booking.confirmation', data('en-US', booking(), incomplete))).toThrow(/email\.confirmation\.title/);
  });

  it('rejects unknown kinds and bad times', () => {
    expect(() => renderEmail('booking.unknown', data('en-US', booking()))).toThrow(/unknown kind/);
    expect(() => renderEmail('booking.confirmation', data('en-US', booking({ start: 'soon' })))).toThrow(/invalid booking times/);
  });

  it('is a JSON global for the server bundle', () => {
    const fn = (globalThis as unknown as { renderEmail: (k: string, d: string) => string }).renderEmail;
    const out = JSON.parse(fn('booking.confirmation', JSON.stringify(data('en-US', booking()))));
    expect(Object.keys(out).sort()).toEqual(['html', 'subject', 'text']);
  });
});

describe('mails between booking and appointment', () => {
  it('reminds the booker with the time where they are and where the business is, the links and what is to pay', () => {
    const b = booking({
      timeZone: 'America/New_York',
      start: '2026-11-23T03:00:00-05:00',
      end: '2026-11-23T04:00:00-05:00',
      payment: { state: 'on_site', currency: 'EUR', total: 6500, payNow: 0, paid: 0, refunded: 0, holdUntil: null, refundPolicy: 'window', refundWindowHours: 24, refundable: false, refundDue: 0 },
    });
    const out = render('booking.reminder', { ...data('de', b), reminder: { businessTimeZone: 'Europe/Berlin' } });
    expect(out.subject).toContain('Erinnerung: Consultation');
    expect(out.text).toContain('03:00–04:00 Uhr (Nordamerikanische Ostküsten-Normalzeit)');
    expect(out.text).toContain('Ortszeit bei Demo Studio: Montag, 23. November 2026, 09:00–10:00 Uhr (Mitteleuropäische Normalzeit)');
    expect(out.text).toContain('65,00');
    expect(out.text).toContain('https://book.example.com/widget/booking/cancel-booking?id=bk_7Hq2&token=tok123');
    expect(out.text).toContain('Hauptstraße 5, Berlin');
  });

  it('tells the booker in the confirmation which reminders will come, and the business in its mail', () => {
    const out = render('booking.confirmation', { ...data('en-US', booking()), reminder: { remindBefore: [1440, 120] } });
    expect(out.text).toContain('We will send you reminders 24 hours and 2 hours before.');
    const de = render('booking.confirmation', { ...data('de', booking()), reminder: { remindBefore: [4320] } });
    expect(de.text).toContain('Wir erinnern Sie 3 Tage vorher.');
    expect(render('staff.booked', { ...data('en-US', booking()), reminder: { remindBefore: [1440] } }).text).toContain(
      'Jürgen Müller will get a reminder 24 hours before.',
    );
  });

  it('gives a guest no link with the booker’s secret, and the staff no manage link', () => {
    for (const kind of ['guest.reminder', 'staff.reminder'] as const) {
      const out = render(kind, data('en-US', booking({ manageUrl: '', rescheduleUrl: '', cancelUrl: '', icsUrl: '' })));
      expect(out.text + out.html).not.toContain('tok123');
    }
    expect(render('staff.reminder', data('en-US', booking())).subject).toBe('Coming up: Consultation on Nov 23, 2026, 9:00 AM GMT+1 with Jürgen Müller');
  });

  it('thanks after the appointment with the form and booking again', () => {
    const out = render('booking.followup' as EmailKind, { ...data('fr', booking(), { ...english, ...load('fr.json') }), reminder: { formUrl: '/widget/survey/feedback?booking=bk_7Hq2' } });
    expect(out.subject).toBe('Merci de votre visite chez Demo Studio');
    expect(out.text).toContain('Dites-nous comment cela s’est passé: https://book.example.com/widget/survey/feedback?booking=bk_7Hq2');
    expect(out.text).toContain('Réserver à nouveau: https://book.example.com/widget/bookings/demo-consultation');
    expect(out.text + out.html).not.toContain('tok123');
  });

  it('lists a staff member’s day in their own zone', () => {
    const second = booking({ id: 'bk_2', start: '2026-11-23T14:00:00+01:00', end: '2026-11-23T14:45:00+01:00', seats: 3, contact: { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com' }, calendar: { slug: 'demo-yoga', name: 'Yoga', durationMinutes: 45 } });
    const out = render('staff.agenda' as EmailKind, { ...data('en-US', booking()), also: [second], reminder: { day: '2026-11-23', staffTimeZone: 'Europe/Berlin' } });
    expect(out.subject).toBe('Your appointments on Monday, November 23, 2026');
    expect(out.text).toContain('You have 2 appointments on Monday, November 23, 2026.');
    expect(out.text).toContain('9:00 AM – 10:00 AM: Consultation · Jürgen Müller · Hauptstraße 5, Berlin');
    expect(out.text).toContain('2:00 PM – 2:45 PM: Yoga · Ada Lovelace (+2)');
  });
});

describe('the business’s mail of a submitted form', () => {
  const form = (lang: string, messages: Record<string, string>): EmailData => ({
    locale: lang, lang, messages, baseUrl: 'https://book.example.com', brand: '#0f766e',
    form: {
      title: 'Kontakt aufnehmen', business: 'Demo Studio', kind: 'form', response: 'fr_abc',
      submitted: '2026-11-23T09:30:00Z', timeZone: 'Europe/Berlin', page: 'https://shop.example.com/contact',
      rows: [
        { label: 'Ihr Name', value: '<script>alert(1)</script> Ada' },
        { label: 'E-Mail', value: 'ada@example.com' },
        { label: 'utm_source', value: 'newsletter' },
      ],
    },
  });

  it('lists every answer in the business’s language, escaped, with when it came', () => {
    const mail = renderEmail('form.submitted', form('de', german));
    expect(mail.subject).toContain('Kontakt aufnehmen');
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('&lt;script&gt;');
    expect(mail.html).toContain('mailto:ada@example.com');
    expect(plain(mail.text)).toContain('23. Nov. 2026, 10:30 MEZ');
    expect(mail.text).toContain('newsletter');
    expect(mail.text).toContain('fr_abc');
  });

  it('refuses to render without its form', () => {
    expect(() => renderEmail('form.submitted', { ...form('en-US', english), form: undefined })).toThrow(/needs the form/);
  });
});

describe('a person’s mail of a passkey added', () => {
  const passkey = (lang: string, messages: Record<string, string>): EmailData => ({
    locale: lang, lang, messages, baseUrl: 'https://book.example.com', brand: '#0f766e',
    passkey: { business: 'Demo Studio', email: 'desk@example.com', name: 'Chrome <on> Linux', account: '/de/admin/account' },
  });

  it('names the browser and whose sign-in, and links to their passkeys, in their language', () => {
    const mail = renderEmail('admin.passkey_added', passkey('de', german));
    expect(mail.subject).toBe('Ein Passkey meldet Sie jetzt bei Demo Studio an');
    expect(mail.text).toContain('desk@example.com');
    expect(mail.text).toContain('Chrome <on> Linux');
    expect(mail.html).toContain('Chrome &lt;on&gt; Linux');
    expect(mail.html).toContain('href="https://book.example.com/de/admin/account"');
    expect(mail.text).toContain('überall ab');
  });

  it('refuses to render without the account’s page', () => {
    expect(() => renderEmail('admin.passkey_added', { ...passkey('en-US', english), passkey: undefined })).toThrow(/needs the account/);
  });
});

describe('an order’s mails', () => {
  const order = (lang: string, messages: Record<string, string>, over: Partial<NonNullable<EmailData['order']>> = {}): EmailData => ({
    locale: lang, lang, messages, baseUrl: 'https://shop.example.com', brand: '#0f766e',
    order: {
      business: 'Demo Studio', number: 1004, customer: 'Ada <Lovelace>', email: 'ada@example.com', currency: 'USD',
      lines: [{ name: 'Calming cream', quantity: 2, amountCents: 6400 }, { name: 'Massage oil', variantName: '250 ml', quantity: 1, amountCents: 4900 }],
      subtotalCents: 11300, shippingCents: 0, taxCents: 904, totalCents: 12204, taxInclusive: false, taxName: 'Sales tax',
      delivery: 'pickup', pickupAddress: 'Torstraße 109, 10119 Berlin', readyAt: '2026-11-23T12:00:00Z', paidAt: '2026-11-23T10:00:00Z',
      timeZone: 'Europe/Berlin', link: '/order/ord_x?token=t', ...over,
    },
  });

  it('is a receipt: every line, the tax added as every screen adds it, where to pick it up, and its link', () => {
    const mail = renderEmail('order.confirmation', order('en-US', english));
    const text = plain(mail.text);
    expect(mail.subject).toBe('Order #1004 confirmed: Demo Studio');
    for (const want of ['2 × Calming cream: $64.00', '1 × Massage oil (250 ml): $49.00', 'Subtotal: $113.00', 'Sales tax: $9.04', 'Total: $122.04',
      'Pick up at: Demo Studio, Torstraße 109, 10119 Berlin', 'Ready for pick-up from', 'View your order: https://shop.example.com/order/ord_x?token=t']) {
      expect(text).toContain(want);
    }
    expect(text).not.toContain('Shipping');
    expect(mail.html).toContain('Ada &lt;Lovelace&gt;');
  });

  it('tells a buyer in German why the money came back when it sold out', () => {
    const mail = renderEmail('order.refunded', order('de', german, { soldOut: true, refundedCents: 12204, currency: 'EUR', taxInclusive: true }));
    expect(mail.subject).toBe('Erstattung zu Ihrer Bestellung #1004');
    expect(plain(mail.text)).toContain('ausverkauft');
    expect(plain(mail.text)).toContain('Enthält Sales tax: 9,04 €');
    expect(plain(mail.text)).toContain('Erstattet: 122,04 €');
  });

  it('gives a shipped order its tracking link first', () => {
    const mail = renderEmail('order.shipped', order('en-US', english, { delivery: 'ship', address: ['Ada', 'Main St 1', '10119 Berlin'], country: 'DE', trackingUrl: 'https://parcels.example/1' }));
    expect(mail.text).toContain('Track your parcel: https://parcels.example/1');
    expect(mail.text).toContain('Ada, Main St 1, 10119 Berlin, Germany');
  });

  it('refuses to render without its order', () => {
    expect(() => renderEmail('order.confirmation', { ...order('en-US', english), order: undefined })).toThrow(/needs the order/);
  });
});
