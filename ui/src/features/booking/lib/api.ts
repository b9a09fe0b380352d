// The booking API (docs/api.md, "Booking"), through the project's fetch
// client. Mutations never retry on their own: the caller decides, with the
// same Idempotency-Key for the same attempt.
import { createClient } from '../../../lib/http';
import type { ApiError, BookingRequest, BookingView, SeriesResponse, SlotsResponse } from '../types';

const api = createClient('');

export type ApiFailure = ApiError['error'];

export type Result<T> = { ok: true; status: number; body: T } | { ok: false; status: number; error: ApiFailure | null };

export interface SlotsQuery {
  calendar: string;
  from: string;
  to: string;
  tz: string;
  staff?: number | null;
  cart?: CartRef; // a service menu's cart: its times back to back
}

// CartRef names a cart: its menu, and its services as the URL has them
// (the booker's, then each guest's after a "~").
export interface CartRef {
  menu: string;
  raw: string;
}

export function cartSlotsPath(q: SlotsQuery, cart: CartRef): string {
  const p = new URLSearchParams({ menu: cart.menu, items: cart.raw, from: q.from, to: q.to, tz: q.tz });
  return `/api/booking/cart-slots?${p.toString()}`;
}

export function slotsPath(q: SlotsQuery): string {
  const p = new URLSearchParams({ calendar: q.calendar, from: q.from, to: q.to, tz: q.tz });
  if (q.staff != null) p.set('staff', String(q.staff));
  return `/api/booking/slots?${p.toString()}`;
}

export async function fetchSlots(q: SlotsQuery, lang: string, signal?: AbortSignal): Promise<SlotsResponse> {
  const path = q.cart ? cartSlotsPath(q, q.cart) : slotsPath(q);
  const { status, body } = await api<SlotsResponse>(path, { timeoutMs: 15000, retries: 2, init: { signal, headers: { 'Accept-Language': lang } } });
  if (status !== 200 || !body || typeof body.slots !== 'object') throw new Error(`slots: HTTP ${status}`);
  return body;
}

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

export function cancelBooking(id: string, body: { token: string; reason: string }, key: string, lang: string) {
  return mutate<BookingView>(`/api/bookings/${encodeURIComponent(id)}/cancel`, body, key, lang);
}

export function decideBooking(id: string, body: { token: string; confirm: boolean; reason: string }, key: string, lang: string) {
  return mutate<BookingView>(`/api/bookings/${encodeURIComponent(id)}/decide`, body, key, lang);
}

export type SeriesAnswer = SeriesResponse;

// fetchSeries asks which times of a series are free (GET /api/booking/series).
export async function fetchSeries(
  q: { calendar: string; start: string; tz: string; every: string; count: number; staff: number | null },
  lang: string,
  signal?: AbortSignal,
): Promise<SeriesResponse> {
  const p = new URLSearchParams({ calendar: q.calendar, start: q.start, tz: q.tz, every: q.every, count: String(q.count) });
  if (q.staff != null) p.set('staff', String(q.staff));
  const { status, body } = await api<SeriesResponse>(`/api/booking/series?${p.toString()}`, { timeoutMs: 15000, retries: 1, init: { signal, headers: { 'Accept-Language': lang } } });
  if (status !== 200 || !body || !Array.isArray(body.occurrences)) throw new Error(`series: HTTP ${status}`);
  return body;
}
