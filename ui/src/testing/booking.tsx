// Test fixtures and a renderer that mounts a screen the way the browser
// does: the page's layout, its payload, the English catalogue.
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, type DataRouter } from 'react-router';
import { vi } from 'vitest';
import english from '../../../locales/en-US.json';
import { pageMessages } from './pageMessages';
import type { Payload } from '../payload';
import { layoutSources } from '@layouts';
import { discoverPages } from '../router/discover';
import { firstPage } from '../router/routes';
import type { ActionResult, BookingPageData, BookingView, BookingViewData, CalendarInfo, LocationInfo, SlotsResponse } from '../features/booking/types';
import type { PageSlots } from '../generated/web';

export const messages = english as Record<string, string>;

// daySlots: `count` starts every 30 minutes from 09:00 Berlin time (UTC+1 in winter).
export function daySlots(date: string, count: number, fromHour = 9): string[] {
  return Array.from({ length: count }, (_, i) => {
    const mins = fromHour * 60 + i * 30;
    return `${date}T${String(Math.floor(mins / 60)).padStart(2, '0')}:${String(mins % 60).padStart(2, '0')}:00+01:00`;
  });
}

export const calendarInfo = (over: Partial<CalendarInfo> = {}): CalendarInfo => ({
  slug: 'demo-consultation',
  name: 'Consultation',
  description: 'A first talk about what you need.',
  durationMinutes: 30,
  requiresConfirmation: false,
  staffMode: 'any',
  staff: [
    { id: 1, name: 'Mia Weber' },
    { id: 2, name: 'Jonas Klein' },
  ],
  fixedStaff: null,
  locationOptions: [{ kind: 'address', value: 'Hauptstraße 5, Berlin' }],
  fields: { phone: 'optional', dateOfBirth: 'hidden', location: 'optional', notes: 'optional' },
  seats: 0,
  maxSeatsPerBooking: 1,
  windowDays: 60,
  recurringMax: 0,
  ...over,
});

export const locationInfo = (over: Partial<LocationInfo> = {}): LocationInfo => ({
  name: 'Slotwise Demo Studio',
  logoUrl: '',
  brandColor: '#4f46e5',
  timeZone: 'Europe/Berlin',
  currency: 'EUR',
  consentText: '',
  termsUrl: '',
  country: 'DE',
  contact: [],
  ...over,
});

export const novemberSlots = (): SlotsResponse => ({
  timezone: 'Europe/Berlin',
  slots: { '2026-11-23': daySlots('2026-11-23', 16), '2026-11-24': daySlots('2026-11-24', 3, 14) },
  next: '2026-12-01T09:00:00+01:00',
});

// asPageSlots is an API answer as a page's data carries it, its starts
// left whole (which the booker reads as they are).
export const asPageSlots = (r: SlotsResponse): PageSlots => ({ ...r, suffix: '' });

export const bookingPageData = (over: Partial<BookingPageData> = {}): BookingPageData => ({
  calendar: calendarInfo(),
  location: locationInfo(),
  timeZone: 'Europe/Berlin',
  month: '2026-11',
  slots: asPageSlots(novemberSlots()),
  now: '2026-11-20T10:00:00+01:00',
  reschedule: undefined,
  slotsStaff: 0,
  formKey: 'form-key-1',
  phoneRegion: { region: 'DE', code: 49, name: 'Germany' },
  ...over,
});

export const bookingView = (over: Partial<BookingView> = {}): BookingView => ({
  id: 'bk_1',
  status: 'scheduled',
  start: '2026-11-23T09:00:00+01:00',
  end: '2026-11-23T09:30:00+01:00',
  timeZone: 'Europe/Berlin',
  previousStart: null,
  cancellationReason: '',
  calendar: { slug: 'demo-consultation', name: 'Consultation', durationMinutes: 30 },
  staff: { id: 1, name: 'Mia Weber' },
  location: 'Hauptstraße 5, Berlin',
  contact: { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com' },
  locationName: 'Slotwise Demo Studio',
  manageUrl: '/widget/booking/bk_1?token=t0k',
  rescheduleUrl: '/widget/bookings/demo-consultation?reschedule=bk_1&token=t0k',
  cancelUrl: '/widget/booking/cancel-booking?id=bk_1&token=t0k',
  icsUrl: '/api/bookings/bk_1/ics?token=t0k',
  googleUrl: 'https://calendar.google.com/calendar/render?action=TEMPLATE',
  outlookUrl: 'https://outlook.live.com/calendar/0/deeplink/compose?x=1',
  canChange: true,
  seats: 1,
  guests: [],
  cancelledBy: '',
  visit: false,
  forGuest: false,
  bookAgainUrl: '/widget/bookings/demo-consultation',
  ...over,
});

export function payload<D>(route: string, data: D, over: Partial<Payload<D>> = {}): Payload<D> {
  const layout = route === 'cancelBooking' ? 'form' : 'calendar';
  const path = over.path ?? '/widget/bookings/demo-consultation';
  return {
    route,
    layout,
    kind: '',
    params: {},
    path,
    basePath: path.split('?')[0],
    locale: 'en-US',
    lang: 'en-US',
    status: 200,
    scrollToTop: true,
    consent: 'all',
    siteName: 'Slotwise Demo Studio',
    head: { title: '', description: '', canonical: '', alternates: [] },
    messages: pageMessages('en-US'),
    data,
    ...over,
  };
}

// tree mounts a page as the browser does: the app's routes hydrated from
// its payload, following navigations (fetching /api/page-data, see
// mockFetch) and posting forms to their page (see mockFetch too).
export function tree(p: Payload) {
  const { routes, hydrationData } = firstPage(new URL(p.path, 'http://x').pathname, p, layoutSources);
  const router: DataRouter = createMemoryRouter(routes, { initialEntries: [p.path], hydrationData, patchRoutesOnNavigation: discoverPages(() => router) });
  return <RouterProvider router={router} />;
}

export function renderPage(p: Payload) {
  return render(tree(p));
}

export const renderBooking = (data: BookingPageData = bookingPageData(), over: Partial<Payload> = {}) => renderPage(payload('bookings', data, over));
export const renderView = (route: string, data: BookingViewData, over: Partial<Payload> = {}) => renderPage(payload(route, data, over));

// The booking a page's action made (booked): the page it leads to shows it.
let answeredBooking: BookingView | null = null;

// booked is Go's answer to a details form the route's action posted: the
// booking's own page, which the next page data then shows.
export function booked(b: BookingView): Response {
  answeredBooking = b;
  return json(200, { redirect: `/widget/booking/${b.id}?token=t0k` });
}

// refused is Go's answer to a post it refused: the booker's page again,
// with its status and why.
export function refused(status: number, action: Omit<ActionResult, 'values'> & { values?: Record<string, string> }, data: BookingPageData = bookingPageData()): Response {
  return json(status, payload('bookings', data, { status, action: { values: {}, ...action } }));
}

// A fetch double: answers by method and path, and records every call.
export interface Call {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: unknown;
}

export function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

// A navigation to a booking's page after a change (book, reschedule)
// fetches that page: the double answers it with the booking the last
// successful POST returned, as the server's loader would.
export function mockFetch(handler: (call: Call) => Response | Promise<Response>) {
  const calls: Call[] = [];
  let lastBooking: BookingView | null = null;
  answeredBooking = null;
  const fn = vi.fn(async (url: string, init: RequestInit = {}) => {
    lastBooking = answeredBooking ?? lastBooking;
    if (url.startsWith('/api/page-data?') && lastBooking) {
      const path = new URL(url, 'http://x').searchParams.get('path') ?? '/';
      return json(200, payload('bookingView', { bookings: [lastBooking], token: 't0k' }, { path }));
    }
    const call: Call = {
      url,
      method: (init.method ?? 'GET').toUpperCase(),
      headers: Object.fromEntries(Object.entries((init.headers ?? {}) as Record<string, string>)),
      // A form the router's action posts, or a JSON API's body.
      body: init.body instanceof URLSearchParams ? Object.fromEntries(init.body) : init.body ? JSON.parse(String(init.body)) : undefined,
    };
    calls.push(call);
    const res = await handler(call);
    if (call.method === 'POST' && res.ok) {
      const body = (await res.clone().json()) as BookingView | { redirect: string };
      if ('id' in body) lastBooking = body; // a booking the JSON API made, not an action's next page
    }
    return res;
  });
  vi.stubGlobal('fetch', fn);
  return calls;
}

export const query = (url: string) => Object.fromEntries(new URL(url, 'http://x').searchParams);
