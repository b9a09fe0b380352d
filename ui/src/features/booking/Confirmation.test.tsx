import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clientEnv } from './hooks/useBookerPreferences';
import { booked, bookingPageData, bookingView, mockFetch, refused, renderBooking, renderView } from '../../testing/booking';

beforeEach(() => {
  vi.spyOn(clientEnv, 'browserTimeZone').mockReturnValue('Europe/Berlin');
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('the booking view', () => {
  it('shows a scheduled booking with its summary, calendar links and manage links', () => {
    renderView('bookingView', { bookings: [bookingView()], token: 't0k' }, { path: '/widget/booking/bk_1?token=t0k' });
    expect(screen.getByRole('heading', { level: 1, name: 'Your appointment is scheduled' })).toBeTruthy();
    expect(screen.getByText('Monday, November 23, 2026')).toBeTruthy();
    expect(screen.getByText('9:00 AM – 9:30 AM')).toBeTruthy();
    expect(screen.getByText('Central European Time')).toBeTruthy();
    expect(screen.getByText('Mia Weber')).toBeTruthy();
    const google = screen.getByRole('link', { name: /Google/ });
    expect(google.getAttribute('href')).toBe('https://calendar.google.com/calendar/render?action=TEMPLATE');
    expect(google.getAttribute('target')).toBe('_blank');
    expect(google.getAttribute('rel')).toContain('noopener');
    expect(screen.getByRole('link', { name: /Outlook/ }).getAttribute('target')).toBe('_blank');
    const ics = screen.getByRole('link', { name: 'iCal / iCloud' });
    expect(ics.getAttribute('href')).toBe('/api/bookings/bk_1/ics?token=t0k');
    expect(ics.hasAttribute('download')).toBe(true);
    expect(screen.getByRole('link', { name: 'Reschedule' }).getAttribute('href')).toBe('/widget/bookings/demo-consultation?reschedule=bk_1&token=t0k');
    expect(screen.getByRole('link', { name: 'Cancel' }).getAttribute('href')).toBe('/widget/booking/cancel-booking?id=bk_1&token=t0k');
  });

  it('keeps the language on manage links', () => {
    renderView('bookingView', { bookings: [bookingView()], token: 't0k' }, { path: '/de/widget/booking/bk_1?token=t0k', locale: 'de', lang: 'de' });
    const links = screen.getAllByRole('link').map((a) => a.getAttribute('href'));
    expect(links).toContain('/de/widget/bookings/demo-consultation?reschedule=bk_1&token=t0k');
    expect(links).toContain('/de/widget/booking/cancel-booking?id=bk_1&token=t0k');
  });

  it('shows several bookings, each with its status', () => {
    renderView('bookingView', { bookings: [bookingView(), bookingView({ id: 'bk_2', status: 'cancelled', canChange: false, cancellationReason: 'Ill' })], token: 't' });
    expect(screen.getByRole('heading', { level: 1, name: 'Your bookings' })).toBeTruthy();
    const items = screen.getAllByRole('listitem').filter((li) => li.querySelector('article'));
    expect(within(items[0]).getByRole('heading', { level: 2, name: 'Your appointment is scheduled' })).toBeTruthy();
    expect(within(items[1]).getByRole('heading', { level: 2, name: 'Your appointment has been cancelled' })).toBeTruthy();
    expect(within(items[1]).getByText('Ill')).toBeTruthy();
    expect(within(items[1]).queryByRole('link', { name: 'Reschedule' })).toBeNull();
    expect(within(items[1]).queryByText('Add to calendar')).toBeNull();
  });

  describe('a visit', () => {
    const money = (total: number) => ({ state: 'on_site' as const, currency: 'EUR', total, payNow: 0, paid: 0, refunded: 0, holdUntil: null, refundPolicy: 'window' as const, refundWindowHours: 24, refundable: false, refundDue: 0 });
    const haircut = (over = {}) =>
      bookingView({ id: 'bk_1', visit: true, calendar: { slug: 'salon-haircut', name: 'Haircut', durationMinutes: 45 }, end: '2026-11-23T09:45:00+01:00', payment: money(3900), ...over });
    const manicure = (over = {}) =>
      bookingView({
        id: 'bk_2', visit: true, calendar: { slug: 'salon-manicure', name: 'Manicure', durationMinutes: 30 }, staff: { id: 2, name: 'Jonas Klein' },
        start: '2026-11-23T09:45:00+01:00', end: '2026-11-23T10:15:00+01:00', payment: money(2500),
        cancelUrl: '/widget/booking/cancel-booking?id=bk_2&token=t0k', ...over,
      });

    it('is one outcome: its services in order, one total and one set of links', () => {
      renderView('bookingView', { bookings: [haircut(), manicure()], token: 't0k' });
      expect(screen.getAllByRole('heading', { level: 1 }).map((h) => h.textContent)).toEqual(['Your appointment is scheduled']);
      const services = within(document.querySelector<HTMLElement>('article ol')!).getAllByRole('listitem').map((li) => li.textContent);
      expect(services[0]).toContain('9:00 AM – 9:45 AM');
      expect(services[0]).toContain('Haircut');
      expect(services[1]).toContain('Manicure');
      expect(services[1]).toContain('Jonas Klein');
      expect(screen.getByText('9:00 AM – 10:15 AM')).toBeTruthy();
      expect(screen.getByText('1 h 15 min')).toBeTruthy();
      expect(screen.getByText('€64.00')).toBeTruthy();
      expect(screen.getAllByRole('link', { name: 'Reschedule' })).toHaveLength(1);
      expect(screen.getByRole('link', { name: 'Cancel' }).getAttribute('href')).toBe('/widget/booking/cancel-booking?id=bk_1&token=t0k');
      expect(screen.getAllByRole('link', { name: /Google/ })).toHaveLength(1);
      expect(screen.queryByRole('link', { name: /Cancel only/ })).toBeNull();
    });

    it('keeps a service cancelled alone struck through, and offers one alone where the business allows', () => {
      const one = (id: string) => ({ cancelOneUrl: `/widget/booking/cancel-booking?id=${id}&token=t0k&only=1` });
      renderView('bookingView', { bookings: [haircut(one('bk_1')), manicure(one('bk_2')), manicure({ id: 'bk_3', status: 'cancelled', canChange: false, ...one('bk_3') })], token: 't0k' });
      const items = within(document.querySelector<HTMLElement>('article ol')!).getAllByRole('listitem');
      expect(items[2].textContent).toContain('(Your appointment has been cancelled)');
      expect(within(items[1]).getByRole('link', { name: 'Cancel only Manicure' }).getAttribute('href')).toBe('/widget/booking/cancel-booking?id=bk_2&token=t0k&only=1');
      expect(within(items[2]).queryByRole('link')).toBeNull();
      expect(screen.getByText('€64.00')).toBeTruthy(); // what still holds
    });
  });

  it('shows a rescheduled booking with the previous time struck through', () => {
    renderView('bookingView', { bookings: [bookingView({ status: 'rescheduled', previousStart: '2026-11-20T15:00:00+01:00' })], token: 't' });
    expect(screen.getByRole('heading', { name: 'Your appointment has been rescheduled' })).toBeTruthy();
    const del = document.querySelector('del')!;
    expect(del.textContent).toBe('Friday, November 20, 2026 at 3:00 PM');
  });
});

describe('rescheduling', () => {
  const old = bookingView({ start: '2026-11-24T14:00:00+01:00', end: '2026-11-24T14:30:00+01:00' });

  it('shows the current time, asks to confirm the new one and reschedules', async () => {
    const calls = mockFetch(() => booked(bookingView({ status: 'rescheduled', start: '2026-11-23T10:00:00+01:00', end: '2026-11-23T10:30:00+01:00', previousStart: old.start })));
    renderBooking(bookingPageData({ reschedule: old, token: 't0k' }), { path: '/widget/bookings/demo-consultation?reschedule=bk_1&token=t0k' });
    expect(screen.getByText('Rescheduling')).toBeTruthy();
    expect(screen.getByText('Your current time: Tuesday, November 24, 2026 at 2:00 PM')).toBeTruthy();
    expect(screen.queryByRole('radio')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '10:00 AM Central European Time' }));
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Confirm the new time' }));
    expect(document.querySelector('del')!.textContent).toBe('Tuesday, November 24, 2026 at 2:00 PM');
    expect(screen.getByText('Monday, November 23, 2026 at 10:00 AM')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Confirm new time' }));
    expect(await screen.findByRole('heading', { name: 'Your appointment has been rescheduled' })).toBeTruthy();
    // The step's own URL (the booking and its token in the query), posted
    // by the route's action as the browser posts it without JavaScript.
    expect(calls[0].url).toMatch(/^\/widget\/bookings\/demo-consultation\?reschedule=bk_1&token=t0k&/);
    expect(calls[0].body).toEqual({ start: '2026-11-23T10:00:00+01:00', tz: 'Europe/Berlin', idempotencyKey: 'form-key-1' });
    expect(document.querySelector('del')!.textContent).toBe('Tuesday, November 24, 2026 at 2:00 PM');
  });

  it('shows why a reschedule is no longer possible (410)', async () => {
    mockFetch(() => refused(410, { code: 'expired', message: 'Reschedule or cancellation is no longer possible for this booking' }, bookingPageData({ reschedule: old, token: 't0k' })));
    renderBooking(bookingPageData({ reschedule: old, token: 't0k' }));
    fireEvent.click(screen.getByRole('button', { name: '10:00 AM Central European Time' }));
    fireEvent.click(screen.getByRole('button', { name: 'Confirm new time' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Reschedule or cancellation is no longer possible for this booking');
  });
});
