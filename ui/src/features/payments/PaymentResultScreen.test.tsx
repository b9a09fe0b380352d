import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PaymentResultData } from '../../generated/web';
import { bookingView, json, mockFetch, payload, renderPage } from '../../testing/booking';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const path = '/verify-payment-callback?session_id=cs_1';
const result = (state: PaymentResultData['state']): PaymentResultData => ({
  state,
  amount: 2700,
  currency: 'EUR',
  booking: bookingView({ status: state === 'paid' ? 'scheduled' : 'pending' }),
  count: 1,
  holdUntil: null,
  payAgain: false,
  paymentId: 'pay_1',
  token: 't0k',
  preview: false,
});
const page = (state: PaymentResultData['state']) => payload('verifyPayment', result(state), { layout: 'form', path });
const heading = () => screen.getByRole('heading', { level: 1 });

describe('the payment result', () => {
  it.each([
    ['another state', 'paid', true],
    ['the same state', 'pending', false],
  ] as const)('the visitor’s "Check again" answered with %s (%s) focuses the heading: %s', async (_, next, focused) => {
    mockFetch(() => json(200, page(next)));
    renderPage(page('pending'));
    fireEvent.click(screen.getByRole('link', { name: 'Check again' }));
    await waitFor(() => expect(heading().textContent).toBe(next === 'paid' ? 'Payment received' : 'We are checking the result of your payment.'));
    if (next === 'pending') await waitFor(() => expect(screen.getByRole('link', { name: 'Check again' })).toBeTruthy());
    // The focus moves in an effect after the heading changes: on a busy
    // machine a moment after the text, so it is waited for, not sampled.
    if (focused) await waitFor(() => expect(document.activeElement === heading()).toBe(true));
    else expect(document.activeElement === heading()).toBe(false);
  });

  it('moves no focus when its own polling finds the payment made', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    mockFetch(() => json(200, page('paid')));
    renderPage(page('pending'));
    await act(() => vi.advanceTimersByTimeAsync(2500));
    await waitFor(() => expect(heading().textContent).toBe('Payment received'));
    expect(document.activeElement).toBe(document.body);
  });
});
