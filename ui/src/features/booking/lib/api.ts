// The booking API's reads (docs/api.md, "Booking"), through the project's
// fetch client: what the booker's first screen needs. Its changes
// (lib/mutations.ts) and a series' times (lib/series.ts) load with the
// steps that need them.
import { createClient } from '../../../lib/http';
import type { SlotsResponse } from '../types';

const api = createClient('');

export interface SlotsQuery {
  calendar: string;
  from: string;
  to: string;
  tz: string;
  staff?: number | null;
  cart?: CartRef; // a service menu's cart: its times back to back
  visit?: VisitRef; // a visit being moved: the times every service fits
}

// VisitRef names a booked visit by one of its bookings and the manage token.
export interface VisitRef {
  id: string;
  token: string;
}

export function visitSlotsPath(q: SlotsQuery, visit: VisitRef): string {
  const p = new URLSearchParams({ id: visit.id, token: visit.token, from: q.from, to: q.to, tz: q.tz });
  return `/api/booking/visit-slots?${p.toString()}`;
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
  const path = q.visit ? visitSlotsPath(q, q.visit) : q.cart ? cartSlotsPath(q, q.cart) : slotsPath(q);
  const { status, body } = await api<SlotsResponse>(path, { timeoutMs: 15000, retries: 2, init: { signal, headers: { 'Accept-Language': lang } } });
  if (status !== 200 || !body || typeof body.slots !== 'object') throw new Error(`slots: HTTP ${status}`);
  return body;
}
