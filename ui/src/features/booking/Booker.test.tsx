import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clientEnv } from './hooks/useBookerPreferences';
import { bookingPageData, calendarInfo, daySlots, json, mockFetch, payload, query, renderBooking, tree } from '../../testing/booking';

beforeEach(() => {
  vi.spyOn(clientEnv, 'browserTimeZone').mockReturnValue('Europe/Berlin');
  window.localStorage.clear();
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const day = (name: RegExp) => screen.getByRole('button', { name });
const slotButtons = () => within(screen.getByRole('region', { name: /Monday, November 23|Tuesday, November 24/ })).getAllByRole('button', { name: /Central European Time/ });

describe('the date and time step', () => {
  it('renders the same HTML on the server and in the first client render', async () => {
    const p = payload('bookings', bookingPageData());
    const html = renderToString(tree(p));
    expect(html).toContain('November 2026');
    expect(html).toContain('Monday, November 23, 2026, 16 times available');
    expect(html).toContain('9:00 AM');
    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.appendChild(container);
    const errors: unknown[] = [];
    const consoleError = vi.spyOn(console, 'error').mockImplementation((...a) => errors.push(a));
    await act(async () => {
      hydrateRoot(container, tree(p), { onRecoverableError: (e) => errors.push(e) });
    });
    expect(errors).toEqual([]);
    consoleError.mockRestore();
    container.remove();
  });

  it('shows the service, its duration and the business', () => {
    renderBooking();
    expect(screen.getByRole('heading', { level: 1, name: 'Consultation' })).toBeTruthy();
    expect(screen.getByText('30 min')).toBeTruthy();
    expect(within(screen.getByRole('main')).getByText('Slotwise Demo Studio')).toBeTruthy();
    expect(screen.getByText('Hauptstraße 5, Berlin')).toBeTruthy();
    // Above the card, the way back to the business's website.
    expect(screen.getByRole('link', { name: 'Slotwise Demo Studio' }).getAttribute('href')).toBe('/');
  });

  it('labels days with their date and how many times are free, and marks today', () => {
    renderBooking();
    const grid = screen.getByRole('grid', { name: 'November 2026' });
    expect(within(grid).getByRole('button', { name: 'Monday, November 23, 2026, 16 times available' }).getAttribute('aria-disabled')).toBeNull();
    const empty = within(grid).getByRole('button', { name: 'Wednesday, November 25, 2026, no times available' });
    expect(empty.getAttribute('aria-disabled')).toBe('true');
    expect(within(grid).getByRole('button', { name: /November 20, 2026/ }).getAttribute('aria-current')).toBe('date');
    // en-US weeks start on Sunday
    expect(within(grid).getAllByRole('columnheader')[0].getAttribute('abbr')).toBe('Sunday');
  });

  it('starts the week on Monday in German', () => {
    renderBooking(bookingPageData(), { locale: 'de', lang: 'de' });
    expect(screen.getAllByRole('columnheader')[0].getAttribute('abbr')).toBe('Montag');
  });

  it('selects the first day with free times and lists a dozen of them, with time and zone for screen readers', () => {
    renderBooking();
    expect(screen.getByRole('heading', { name: /^Monday, November 23/ })).toBeTruthy();
    const slots = slotButtons();
    expect(slots).toHaveLength(12);
    expect(slots[0].getAttribute('aria-label')).toBe('9:00 AM Central European Time');
    expect(slots[0].textContent).toBe('9:00 AM');
  });

  it('shows the times of the day the visitor picks', () => {
    renderBooking();
    fireEvent.click(day(/Tuesday, November 24, 2026, 3 times available/));
    expect(screen.getByRole('heading', { name: /^Tuesday, November 24/ })).toBeTruthy();
    expect(slotButtons().map((b) => b.textContent)).toEqual(['2:00 PM', '2:30 PM', '3:00 PM']);
  });

  it('does not select a day without free times', () => {
    renderBooking();
    fireEvent.click(day(/Wednesday, November 25, 2026, no times/));
    expect(screen.getByRole('heading', { name: /^Monday, November 23/ })).toBeTruthy();
  });

  it('loads more times on request and moves focus to the first new one', () => {
    renderBooking();
    fireEvent.click(screen.getByRole('button', { name: 'Show 4 more times' }));
    const slots = slotButtons();
    expect(slots).toHaveLength(16);
    expect(document.activeElement).toBe(slots[12]);
    expect(screen.queryByRole('button', { name: /more time/ })).toBeNull();
  });

  it('switches between 12-hour and 24-hour times and remembers it', () => {
    renderBooking();
    fireEvent.click(screen.getByRole('button', { name: '24h' }));
    expect(slotButtons()[0].textContent).toBe('09:00');
    expect(window.localStorage.getItem('slotwise:hourCycle')).toBe('h23');
  });

  it('moves between days with the arrow keys', () => {
    renderBooking();
    const d23 = day(/November 23, 2026/);
    expect(d23.tabIndex).toBe(0);
    d23.focus();
    fireEvent.keyDown(d23, { key: 'ArrowRight' });
    expect(document.activeElement).toBe(day(/November 24, 2026/));
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(day(/December 1, 2026|November 31/));
  });
});

describe('months', () => {
  it('never goes before the current month, fetches the next one and says when it has nothing', async () => {
    const calls = mockFetch((c) =>
      query(c.url).from === '2026-12-01'
        ? json(200, { timezone: 'Europe/Berlin', slots: {}, next: '2027-01-12T10:00:00+01:00' })
        : json(200, { timezone: 'Europe/Berlin', slots: { '2027-01-12': daySlots('2027-01-12', 2, 10) }, next: null }),
    );
    renderBooking();
    expect((screen.getByRole('button', { name: 'Previous month' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Next month' }));
    expect(await screen.findByText('No slot available this month')).toBeTruthy();
    // Said once, over the calendar; the times column does not repeat it.
    expect(screen.queryByText(/No slots available in/)).toBeNull();
    expect(query(calls[0].url)).toEqual({ calendar: 'demo-consultation', from: '2026-12-01', to: '2026-12-31', tz: 'Europe/Berlin' });
    fireEvent.click(screen.getAllByRole('link', { name: 'Next available: Tue, Jan 12' })[0]);
    expect(await screen.findByRole('heading', { name: /^Tuesday, January 12/ })).toBeTruthy();
    expect(screen.getByRole('grid', { name: 'January 2027' })).toBeTruthy();
    expect(calls.map((c) => query(c.url).from)).toEqual(['2026-12-01', '2027-01-01']);
  });

  it('says "No Slots available" when the chosen day has none for another person, and offers the next day', async () => {
    mockFetch(() => json(200, { timezone: 'Europe/Berlin', slots: { '2026-11-26': daySlots('2026-11-26', 2) }, next: null }));
    renderBooking();
    fireEvent.click(day(/Tuesday, November 24, 2026/));
    fireEvent.click(screen.getByRole('radio', { name: 'Jonas Klein' }));
    expect(await screen.findByText('No Slots available')).toBeTruthy();
    expect(screen.getByRole('heading', { name: /^Tuesday, November 24/ })).toBeTruthy();
    fireEvent.click(screen.getByRole('link', { name: 'Next available: Thu, Nov 26' }));
    expect(screen.getByRole('heading', { name: /^Thursday, November 26/ })).toBeTruthy();
  });

  it('offers a retry when times cannot be loaded', async () => {
    let fail = true;
    mockFetch(() => (fail ? json(400, { error: { code: 'x', message: 'x' } }) : json(200, { timezone: 'Europe/Berlin', slots: {}, next: null })));
    renderBooking();
    fireEvent.click(screen.getByRole('button', { name: 'Next month' }));
    expect(await screen.findByText('We could not load the available times.')).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No slot available this month')).toBeTruthy();
  });
});

describe('time zones', () => {
  it("moves to the browser's zone after hydration and fetches its times", async () => {
    vi.spyOn(clientEnv, 'browserTimeZone').mockReturnValue('America/New_York');
    const calls = mockFetch(() => json(200, { timezone: 'America/New_York', slots: { '2026-11-23': ['2026-11-23T03:00:00-05:00'] }, next: null }));
    renderBooking();
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(query(calls[0].url).tz).toBe('America/New_York');
    expect(await screen.findByRole('button', { name: '3:00 AM Eastern Time' })).toBeTruthy();
  });

  it('keeps the zone named in the URL', async () => {
    vi.spyOn(clientEnv, 'browserTimeZone').mockReturnValue('America/New_York');
    const calls = mockFetch(() => json(200, {}));
    renderBooking(bookingPageData(), { path: '/widget/bookings/demo-consultation?tz=Europe/Berlin' });
    await act(async () => {});
    expect(calls).toHaveLength(0);
  });

  it('finds zones by city and by offset, and says when nothing matches', async () => {
    const calls = mockFetch(() => json(200, { timezone: 'Asia/Kolkata', slots: {}, next: null }));
    renderBooking();
    fireEvent.click(screen.getByRole('button', { name: /Time zone/ }));
    const input = screen.getByRole('combobox', { name: 'Search for a time zone' });
    expect(document.activeElement).toBe(input);
    const options = () => within(screen.getByRole('listbox')).queryAllByRole('option');
    expect(options().length).toBeGreaterThan(300);
    fireEvent.change(input, { target: { value: 'new york' } });
    expect(options().map((o) => o.textContent)).toEqual([expect.stringContaining('New York')]);
    fireEvent.change(input, { target: { value: 'GMT-5' } });
    expect(options().some((o) => o.textContent?.includes('New York'))).toBe(true);
    expect(options().some((o) => o.textContent?.includes('Berlin'))).toBe(false);
    fireEvent.change(input, { target: { value: 'atlantis' } });
    expect(options()).toHaveLength(0);
    expect(screen.getByText('No time zone found')).toBeTruthy();
    fireEvent.change(input, { target: { value: '+05:30' } });
    expect(options()[0].getAttribute('aria-selected')).toBe('false');
    const kolkata = options().find((o) => o.textContent?.includes('Kolkata') || o.textContent?.includes('Calcutta'));
    expect(kolkata).toBeTruthy();
    fireEvent.keyDown(input, { key: 'Enter' });
    await waitFor(() => expect(calls.length).toBeGreaterThan(0));
    expect(query(calls.at(-1)!.url).tz).toMatch(/Asia\/(Kolkata|Calcutta|Colombo)/);
    expect(window.localStorage.getItem('slotwise:timeZone')).toMatch(/^Asia\//);
  });

  it('closes the zone search with Escape and returns focus', () => {
    renderBooking();
    const trigger = screen.getByRole('button', { name: /Time zone/ });
    fireEvent.click(trigger);
    fireEvent.keyDown(screen.getByRole('combobox', { name: 'Search for a time zone' }), { key: 'Escape' });
    expect(screen.queryByRole('combobox', { name: 'Search for a time zone' })).toBeNull();
    expect(document.activeElement).toBe(trigger);
  });
});

describe('staff', () => {
  it('offers "Any available" and a person, and fetches that person\'s times', async () => {
    const calls = mockFetch(() => json(200, { timezone: 'Europe/Berlin', slots: { '2026-11-26': daySlots('2026-11-26', 1) }, next: null }));
    renderBooking();
    expect((screen.getByRole('radio', { name: 'Any available' }) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(screen.getByRole('radio', { name: 'Jonas Klein' }));
    await screen.findByRole('heading', { name: /^Thursday, November 26/ });
    expect(query(calls[0].url).staff).toBe('2');
  });

  it('offers no person to choose where the service cannot be booked online', () => {
    renderBooking(bookingPageData({ paymentsOff: true }));
    expect(screen.queryByRole('radio', { name: 'Any available' })).toBeNull();
    expect(screen.queryByRole('grid')).toBeNull();
  });

  it('asks for a person first when the calendar needs a named one', async () => {
    mockFetch(() => json(200, { timezone: 'Europe/Berlin', slots: { '2026-11-26': daySlots('2026-11-26', 1) }, next: null }));
    renderBooking(bookingPageData({ calendar: calendarInfo({ staffMode: 'named' }) }));
    expect(screen.queryByRole('radio', { name: 'Any available' })).toBeNull();
    expect(screen.getByText('Choose a person above to see their available times.')).toBeTruthy();
    expect(screen.queryByRole('grid')).toBeNull();
    fireEvent.click(screen.getByRole('radio', { name: 'Mia Weber' }));
    expect(await screen.findByRole('heading', { name: /^Thursday, November 26/ })).toBeTruthy();
  });

  it('names the person when there is no choice', () => {
    renderBooking(bookingPageData({ calendar: calendarInfo({ fixedStaff: { id: 1, name: 'Mia Weber' } }) }));
    expect(screen.queryByRole('radio')).toBeNull();
    expect(screen.getByText('with Mia Weber')).toBeTruthy();
  });

  it('meets everyone of a collective calendar: no choice, every name', () => {
    renderBooking(bookingPageData({ calendar: calendarInfo({ staffMode: 'collective' }) }));
    expect(screen.queryByRole('radio')).toBeNull();
    expect(screen.getByText('with Mia Weber and Jonas Klein')).toBeTruthy();
  });
});
