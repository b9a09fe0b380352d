import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { bookingView, json, mockFetch, payload, renderView } from '../../testing/booking';
import { pageMessages } from '../../testing/pageMessages';
import type { Payload } from '../../payload';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const at = {
  cancelBooking: { path: '/widget/booking/cancel-booking?id=bk_1&token=t0k', params: {} },
  appointmentCancel: { path: '/widget/appointment/service/demo-consultation/cancel?id=bk_1&token=t0k', params: { service: 'demo-consultation' } },
};
const open = (route: keyof typeof at = 'cancelBooking', over: Partial<Payload> = {}) =>
  renderView(route, { bookings: [bookingView()], token: 't0k', formKey: 'key-1' }, { ...at[route], ...over });

describe('cancelling a booking', () => {
  it.each(['cancelBooking', 'appointmentCancel'] as const)('shows the booking and a reason field (%s)', (route) => {
    open(route);
    expect(screen.getByRole('heading', { level: 1, name: 'Cancel booking' })).toBeTruthy();
    expect(screen.getByText('Monday, November 23, 2026 at 9:00 AM')).toBeTruthy();
    expect(screen.getByRole('textbox', { name: /Cancellation reason/ })).toBeTruthy();
  });

  it.each([
    ['cancelBooking', '/widget/booking/cancel-booking?id=bk_1&token=t0k'],
    ['appointmentCancel', '/widget/appointment/service/demo-consultation/cancel?id=bk_1&token=t0k'],
  ] as const)('posts to its own page without JavaScript, with its key (%s)', (route, action) => {
    open(route);
    const form = screen.getByRole('textbox', { name: /Cancellation reason/ }).closest('form')!;
    expect(form.getAttribute('method')).toBe('post');
    expect(form.getAttribute('action')).toBe(action);
    expect((form.elements.namedItem('idempotencyKey') as HTMLInputElement).value).toBe('key-1');
  });

  it('posts in German to the German page', () => {
    open('cancelBooking', { locale: 'de', lang: 'de', messages: pageMessages('de'), path: '/de/widget/booking/cancel-booking?id=bk_1&token=t0k' });
    expect(document.querySelector('form')!.getAttribute('action')).toBe('/de/widget/booking/cancel-booking?id=bk_1&token=t0k');
  });

  it('comes back from a refused post with the reason as typed and why', () => {
    const reason = 'x'.repeat(501);
    open('cancelBooking', {
      status: 422,
      action: {
        message: 'Please check the highlighted fields',
        fields: { reason: { id: 'validation.reasonTooLong', message: 'Please keep the reason under 500 characters' } },
        values: { reason },
      },
    });
    const field = screen.getByRole('textbox', { name: /Cancellation reason/ }) as HTMLTextAreaElement;
    expect(field.value).toBe(reason);
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Please keep the reason under 500 characters')).toBeTruthy();
  });

  it('says why a post was refused when no field is to blame', () => {
    open('cancelBooking', { status: 429, action: { message: 'Too many attempts. Please wait a moment and try again.', values: { reason: 'Ill' } } });
    expect(screen.getByRole('alert').textContent).toBe('Too many attempts. Please wait a moment and try again.');
    expect((screen.getByRole('textbox', { name: /Cancellation reason/ }) as HTMLTextAreaElement).value).toBe('Ill');
  });

  it('offers a way out that keeps the booking: back to the booking', () => {
    open();
    const keep = screen.getByRole('link', { name: 'Keep my booking' });
    expect(keep.getAttribute('href')).toBe(bookingView().manageUrl);
  });

  it('posts the form through its action and shows the cancelled booking', async () => {
    const here = at.cancelBooking.path;
    const calls = mockFetch((call) =>
      call.method === 'POST'
        ? json(200, { redirect: here })
        : json(200, payload('cancelBooking', { bookings: [bookingView({ status: 'cancelled', canChange: false, cancellationReason: 'Feeling ill' })], token: 't0k' }, { path: here })),
    );
    open();
    fireEvent.change(screen.getByRole('textbox', { name: /Cancellation reason/ }), { target: { value: 'Feeling ill' } });
    fireEvent.click(screen.getByRole('button', { name: 'Cancel booking' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(await screen.findByRole('button', { name: 'Cancelling…' })).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'Your appointment has been cancelled' })).toBeTruthy();
    expect(calls[0]).toMatchObject({ url: here, method: 'POST', body: { reason: 'Feeling ill', idempotencyKey: 'key-1' } });
    expect(calls[0].headers['Content-Type']).toBe('application/x-www-form-urlencoded');
    expect(calls[1].url).toBe('/api/page-data?path=' + encodeURIComponent(here));
    expect(screen.getByText('Feeling ill')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Cancel' })).toBeNull();
  });

  it('keeps a reason to 500 characters', () => {
    open();
    fireEvent.change(screen.getByRole('textbox', { name: /Cancellation reason/ }), { target: { value: 'x'.repeat(501) } });
    fireEvent.click(screen.getByRole('button', { name: 'Cancel booking' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByText('Please keep the reason under 500 characters')).toBeTruthy();
    expect(screen.getByText('501 / 500')).toBeTruthy();
  });

  it('shows why the server refused, with the reason kept', async () => {
    const message = 'Reschedule or cancellation is no longer possible for this booking';
    mockFetch(() => json(410, payload('cancelBooking', { bookings: [bookingView()], token: 't0k', formKey: 'key-2' }, { ...at.cancelBooking, status: 410, action: { message, code: 'expired', values: { reason: 'Ill' } } })));
    open();
    fireEvent.change(screen.getByRole('textbox', { name: /Cancellation reason/ }), { target: { value: 'Ill' } });
    fireEvent.click(screen.getByRole('button', { name: 'Cancel booking' }));
    expect((await screen.findByRole('alert')).textContent).toBe(message);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect((screen.getByRole('textbox', { name: /Cancellation reason/ }) as HTMLTextAreaElement).value).toBe('Ill');
  });

  it('shows an already cancelled booking as it is', () => {
    renderView('cancelBooking', { bookings: [bookingView({ status: 'cancelled', canChange: false })], token: 't' });
    expect(screen.getByRole('heading', { name: 'Your appointment has been cancelled' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Cancel booking' })).toBeNull();
  });
});
