// The booking API's changes (docs/api.md, "Booking"). They never retry on
// their own: the caller decides, with the same Idempotency-Key for the
// same attempt.
import { createClient } from '../../../lib/http';
import type { ApiError, BookingRequest, BookingView } from '../types';
import type { Result } from './api';

const api = createClient('');

async function mutate<T>(path: string, payload: unknown, idempotencyKey: string, lang: string): Promise<Result<T>> {
  const { status, body } = await api<T | ApiError>(path, {
    timeoutMs: 20000,
    init: {
      method: 'POST',
      body: JSON.stringify(payload),
      headers: { 'Content-Type': 'application/json', 'Idempotency-Key': idempotencyKey, 'Accept-Language': lang },
    },
  });
  if (status >= 200 && status < 300) return { ok: true, status, body: body as T };
  const err = (body as ApiError | null)?.error;
  return { ok: false, status, error: err && typeof err === 'object' ? err : null };
}

export function createBooking(req: BookingRequest, key: string, lang: string, cart?: { menu: string; items: string[]; guestItems: string[][] }) {
  if (cart) return mutate<BookingView>('/api/bookings/cart', { ...req, ...cart, ...(cart.guestItems.length ? {} : { guestItems: undefined }) }, key, lang);
  return mutate<BookingView>('/api/bookings', req, key, lang);
}

export function rescheduleBooking(id: string, body: { token: string; start: string; tz: string }, key: string, lang: string) {
  return mutate<BookingView>(`/api/bookings/${encodeURIComponent(id)}/reschedule`, body, key, lang);
}

export function decideBooking(id: string, body: { token: string; confirm: boolean; reason: string }, key: string, lang: string) {
  return mutate<BookingView>(`/api/bookings/${encodeURIComponent(id)}/decide`, body, key, lang);
}
