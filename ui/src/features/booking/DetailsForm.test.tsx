import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clientEnv } from './hooks/useBookerPreferences';
import { asPageSlots, booked, bookingPageData, bookingView, calendarInfo, json, locationInfo, mockFetch, query, refused, renderBooking, type Call } from '../../testing/booking';
import type { BookingPageData } from './types';

beforeEach(() => {
  vi.spyOn(clientEnv, 'browserTimeZone').mockReturnValue('Europe/Berlin');
  window.localStorage.clear();
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

function openDetails(data: BookingPageData = bookingPageData()) {
  renderBooking(data);
  fireEvent.click(screen.getByRole('button', { name: '9:30 AM Central European Time' }));
  expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Enter your details' }));
}

const field = (name: string | RegExp) => screen.getByRole('textbox', { name }) as HTMLInputElement;
const type = (name: string | RegExp, value: string) => fireEvent.change(field(name), { target: { value } });
const submit = () => fireEvent.click(screen.getByRole('button', { name: /Confirm booking|Request appointment/ }));
const errorOf = (el: HTMLElement) => {
  const ids = (el.getAttribute('aria-describedby') ?? '').split(' ').filter(Boolean);
  return ids.map((id) => document.getElementById(id)?.textContent).join(' ');
};
const fillValid = () => {
  type(/First name/, 'Ada');
  type(/Last name/, 'Lovelace');
  type(/Email/, 'ada@example.com');
};
const slotsAnswer = () => json(200, { timezone: 'Europe/Berlin', slots: { '2026-11-23': ['2026-11-23T11:00:00+01:00'] }, next: null });

describe('the details step', () => {
  it('sums up the chosen time and goes back to the times', () => {
    openDetails();
    expect(screen.getByText('Monday, November 23, 2026')).toBeTruthy();
    expect(screen.getByText(/9:30 AM – 10:00 AM/)).toBeTruthy();
    expect(screen.getByText('Central European Time')).toBeTruthy();
    fireEvent.click(screen.getByRole('link', { name: 'Back' }));
    expect(document.activeElement).toBe(screen.getByRole('button', { name: '9:30 AM Central European Time' }));
  });

  it('shows the required-field messages under each field and focuses the first', async () => {
    openDetails();
    submit();
    await waitFor(() => expect(document.activeElement).toBe(field(/First name/)));
    expect(field(/First name/).getAttribute('aria-invalid')).toBe('true');
    expect(errorOf(field(/First name/))).toBe('First name is required');
    expect(errorOf(field(/Last name/))).toBe('Last name is required');
    expect(errorOf(field(/Email/))).toBe('Email is required');
    expect(field(/Phone/).getAttribute('aria-invalid')).toBeNull();
  });

  it('checks email and phone formats', async () => {
    openDetails();
    type(/First name/, 'Ada');
    type(/Last name/, 'Lovelace');
    type(/Email/, 'ada@example');
    type(/Phone/, '12-ab');
    submit();
    await waitFor(() => expect(document.activeElement).toBe(field(/Email/)));
    expect(errorOf(field(/Email/))).toBe('Email is invalid');
    expect(errorOf(field(/Phone/))).toBe('Invalid phone number');
  });

  it('asks for what the calendar requires: phone, date of birth, location, notes and the terms', async () => {
    const data = bookingPageData({
      calendar: calendarInfo({
        fields: { phone: 'required', dateOfBirth: 'required', location: 'required', notes: 'required' },
        locationOptions: [
          { kind: 'address', value: 'Hauptstraße 5, Berlin' },
          { kind: 'video', value: 'https://meet.example/x' },
          { kind: 'booker', value: '' },
        ],
      }),
      location: locationInfo({ termsUrl: 'https://studio.example/terms', consentText: 'Send me the newsletter' }),
    });
    openDetails(data);
    fillValid();
    submit();
    await waitFor(() => expect(document.activeElement).toBe(field(/Phone/)));
    expect(errorOf(field(/Phone/))).toBe('Phone is required');
    const dob = document.querySelector('input[type="date"]') as HTMLInputElement;
    expect(errorOf(dob)).toBe('Date of birth is required');
    const select = screen.getByRole('combobox', { name: /Location/ });
    expect(errorOf(select)).toBe('Location is required');
    expect(errorOf(field(/Additional information/))).toBe('Additional information is required');
    const terms = screen.getByRole('checkbox', { name: /terms and conditions/ });
    expect(errorOf(terms)).toBe('Please accept the terms and conditions');
    expect(screen.getByRole('link', { name: 'terms and conditions' }).getAttribute('href')).toBe('https://studio.example/terms');
    expect(screen.getByRole('checkbox', { name: 'Send me the newsletter' })).toBeTruthy();

    // a date of birth in the future is not one; choosing "a place of your choice" asks where
    fireEvent.change(dob, { target: { value: '2030-01-01' } });
    fireEvent.change(select, { target: { value: '2' } });
    submit();
    await waitFor(() => expect(errorOf(dob)).toBe('Please enter a valid date of birth'));
    expect(errorOf(field(/Where should we meet/))).toBe('Location is required');
  });

  it("books through the page's action, with the form's key, and shows the booking's page", async () => {
    const calls = mockFetch((c) => (c.method === 'POST' ? booked(bookingView({ start: '2026-11-23T09:30:00+01:00', end: '2026-11-23T10:00:00+01:00' })) : slotsAnswer()));
    openDetails();
    fillValid();
    type(/Phone/, '+49 (30) 123-4567');
    fireEvent.click(screen.getByRole('checkbox', { name: /receive news/ }));
    submit();
    expect((await screen.findByRole('button', { name: 'Scheduling…' })).getAttribute('aria-busy')).toBe('true');
    expect(await screen.findByRole('heading', { name: 'Your appointment is scheduled' })).toBeTruthy();
    const post = calls.find((c) => c.method === 'POST')!;
    // The step's own URL, posted as the browser posts it without JavaScript.
    expect(post.url).toBe('/widget/bookings/demo-consultation?month=2026-11&date=2026-11-23&time=2026-11-23T09%3A30%3A00%2B01%3A00');
    expect(post.headers['Content-Type']).toBe('application/x-www-form-urlencoded');
    expect(post.body).toMatchObject({
      start: '2026-11-23T09:30:00+01:00',
      tz: 'Europe/Berlin',
      idempotencyKey: 'form-key-1',
      'contact.firstName': 'Ada',
      'contact.lastName': 'Lovelace',
      'contact.email': 'ada@example.com',
      'contact.phone': '+49 (30) 123-4567',
      'contact.phoneCountry': 'DE',
    });
    expect(post.body).toHaveProperty('contact.consent');
    expect(screen.getByText('We sent the details to ada@example.com.')).toBeTruthy();
  });

  it('asks for a key of its own when the times it came from were the same page for everyone', async () => {
    const calls = mockFetch((c) =>
      c.url === '/api/form-key' ? json(200, { formKey: 'asked-key' }) : c.method === 'POST' ? booked(bookingView({ start: '2026-11-23T09:30:00+01:00', end: '2026-11-23T10:00:00+01:00' })) : slotsAnswer(),
    );
    openDetails({ ...bookingPageData(), formKey: '' });
    fillValid();
    type(/Phone/, '+49 30 1234567');
    submit();
    expect(await screen.findByRole('heading', { name: 'Your appointment is scheduled' })).toBeTruthy();
    expect(calls.filter((c) => c.url === '/api/form-key')).toHaveLength(1);
    expect(calls.find((c) => c.method === 'POST')!.body).toMatchObject({ idempotencyKey: 'asked-key' });
  });

  it('says so and posts nothing when no key can be had', async () => {
    const calls = mockFetch((c) => (c.url === '/api/form-key' ? json(503, { error: { code: 'unavailable' } }) : slotsAnswer()));
    openDetails({ ...bookingPageData(), formKey: '' });
    fillValid();
    type(/Phone/, '+49 30 1234567');
    submit();
    expect(await screen.findByText(/can't be reached/)).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it('reads a phone number in the chosen country with libphonenumber', async () => {
    const calls = mockFetch((c) => (c.method === 'POST' ? booked(bookingView()) : slotsAnswer()));
    openDetails();
    fillValid();
    const country = screen.getByRole('combobox', { name: 'Country of the phone number' }) as HTMLSelectElement;
    // The server names the business's country; the others come with the library.
    expect(country.value).toBe('DE');
    expect(country.options).toHaveLength(1);
    await act(async () => {
      await import('libphonenumber-js/min');
      await new Promise((r) => setTimeout(r, 0));
    });
    expect(country.options.length).toBeGreaterThan(200);
    fireEvent.change(country, { target: { value: 'US' } });
    type(/^Phone/, '030 1234567');
    submit();
    await waitFor(() => expect(errorOf(field(/^Phone/))).toBe('Invalid phone number'));
    fireEvent.change(country, { target: { value: 'DE' } });
    submit();
    await screen.findByRole('heading', { name: 'Your appointment is scheduled' });
    expect(calls.find((c) => c.method === 'POST')!.body).toMatchObject({ 'contact.phone': '030 1234567', 'contact.phoneCountry': 'DE' });
  });

  it('finds the times of a series, says which are taken, and books it', async () => {
    const calls = mockFetch((c) => {
      if (c.url.startsWith('/api/booking/series')) {
        return json(200, {
          occurrences: [
            { start: '2026-11-23T09:30:00+01:00', free: true },
            { start: '2026-11-30T09:30:00+01:00', free: false },
            { start: '2026-12-07T09:30:00+01:00', free: true },
          ],
        });
      }
      return c.method === 'POST' ? booked(bookingView()) : slotsAnswer();
    });
    openDetails(bookingPageData({ calendar: calendarInfo({ recurringMax: 12 }) }));
    fillValid();
    fireEvent.change(screen.getByRole('combobox', { name: 'How often' }), { target: { value: 'week' } });
    fireEvent.change(screen.getByRole('spinbutton', { name: 'How many times' }), { target: { value: '3' } });
    const times = await screen.findByRole('list', { name: 'The times of the series' });
    expect(within(times).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'Monday, November 23, 2026 at 9:30 AMFree',
      'Monday, November 30, 2026 at 9:30 AMTaken',
      'Monday, December 7, 2026 at 9:30 AMFree',
    ]);
    expect(query(calls.filter((c) => c.url.startsWith('/api/booking/series')).at(-1)!.url)).toMatchObject({ every: 'week', count: '3', start: '2026-11-23T09:30:00+01:00' });
    submit();
    await screen.findByRole('heading', { name: 'Your appointment is scheduled' });
    expect(calls.find((c) => c.method === 'POST')!.body).toMatchObject({ 'repeat.every': 'week', 'repeat.count': '3' });
  });

  it("puts the server's field messages under the fields (422)", async () => {
    mockFetch((c) =>
      c.method === 'POST'
        ? refused(422, { message: 'Please check the highlighted fields', fields: { 'contact.email': { id: 'validation.emailInvalid', message: 'E-Mail ist ungültig' } }, values: { 'contact.email': 'ada@example.com' } })
        : slotsAnswer(),
    );
    openDetails();
    fillValid();
    submit();
    await waitFor(() => expect(errorOf(field(/Email/))).toBe('E-Mail ist ungültig'));
    expect(document.activeElement).toBe(field(/Email/));
    expect(screen.getByRole('alert').textContent).toBe('Please check the highlighted fields');
  });

  it('goes back to fresh times when the slot was taken meanwhile (409)', async () => {
    const fresh = bookingPageData({ slots: asPageSlots({ timezone: 'Europe/Berlin', slots: { '2026-11-23': ['2026-11-23T11:00:00+01:00'] }, next: null }) });
    mockFetch((c) =>
      c.method === 'POST'
        ? refused(409, { code: 'slot_unavailable', message: 'Booking unsuccessful, resource unavailable at the moment', values: { 'contact.firstName': 'Ada', 'contact.lastName': 'Lovelace', 'contact.email': 'ada@example.com' } }, fresh)
        : slotsAnswer(),
    );
    openDetails();
    fillValid();
    submit();
    expect(await screen.findByText('Booking unsuccessful, resource unavailable at the moment')).toBeTruthy();
    expect(await screen.findByRole('button', { name: '11:00 AM Central European Time' })).toBeTruthy();
    // the details are kept for the next try
    fireEvent.click(screen.getByRole('button', { name: '11:00 AM Central European Time' }));
    expect(field(/First name/).value).toBe('Ada');
  });

  it('says why when the server refuses for another reason, such as too many attempts (429)', async () => {
    mockFetch((c) => (c.method === 'POST' ? refused(429, { message: 'Zu viele Versuche.' }) : slotsAnswer()));
    openDetails();
    fillValid();
    submit();
    expect(await screen.findByText('Zu viele Versuche.')).toBeTruthy();
  });

  it('says the server cannot be reached when the post fails, and sending again posts the same form key', async () => {
    let answer: () => Response | Promise<Response> = () => Promise.reject(new TypeError('network'));
    const calls: Call[] = mockFetch((c) => (c.method === 'POST' ? answer() : slotsAnswer()));
    openDetails();
    fillValid();
    submit();
    expect(await screen.findByText("We can't be reached right now. Please try again in a moment.")).toBeTruthy();
    expect(field(/First name/).value).toBe('Ada');
    answer = () => new Response('<html>Bad gateway</html>', { status: 502 });
    submit();
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(2));
    await screen.findByRole('button', { name: 'Confirm booking' });
    const posts = calls.filter((c) => c.method === 'POST');
    expect((posts[1].body as Record<string, string>).idempotencyKey).toBe('form-key-1');
    expect((posts[0].body as Record<string, string>).idempotencyKey).toBe('form-key-1');
  });

  it('says "Request appointment" and shows "requested" for calendars that confirm', async () => {
    mockFetch((c) => (c.method === 'POST' ? booked(bookingView({ status: 'requested' })) : slotsAnswer()));
    openDetails(bookingPageData({ calendar: calendarInfo({ requiresConfirmation: true }) }));
    fillValid();
    submit();
    expect(await screen.findByRole('heading', { name: 'Appointment requested' })).toBeTruthy();
    expect(screen.getByText('Slotwise Demo Studio will confirm your request soon. We sent the details to ada@example.com.')).toBeTruthy();
  });

  it('sends the chosen person', async () => {
    const calls = mockFetch((c) => (c.method === 'POST' ? booked(bookingView()) : json(200, { timezone: 'Europe/Berlin', slots: { '2026-11-23': ['2026-11-23T09:30:00+01:00'] }, next: null })));
    renderBooking();
    fireEvent.click(screen.getByRole('radio', { name: 'Mia Weber' }));
    fireEvent.click(await screen.findByRole('button', { name: '9:30 AM Central European Time' }));
    expect(within(screen.getByRole('complementary')).getByText('Mia Weber')).toBeTruthy();
    fillValid();
    submit();
    await screen.findByRole('heading', { name: 'Your appointment is scheduled' });
    expect((calls.find((c) => c.method === 'POST')!.body as { staff: string }).staff).toBe('1');
  });

  it('asks the calendar’s own questions with the form engine: a rule shows one, the engine checks it, the answers are sent', async () => {
    const questions = {
      slug: 'demo', kind: 'booking', title: '', today: '2026-11-20', region: 'DE',
      steps: [{ id: 'q', fields: [
        { id: 'topic', type: 'single', label: 'What would you like to talk about?', maxLength: 300, options: [{ value: 'dry', label: 'Dry skin' }, { value: 'other', label: 'Something else' }] },
        { id: 'details', type: 'text', label: 'Tell us a little more', required: true, maxLength: 200 },
      ] }],
      rules: [{ action: 'show', field: 'details', when: { match: 'all', conditions: [{ field: 'topic', op: 'equals', value: 'other' }] } }],
    };
    const calls = mockFetch((c) => (c.method === 'POST' ? booked(bookingView()) : slotsAnswer()));
    openDetails(bookingPageData({ calendar: calendarInfo({ questions }) }));
    fillValid();
    expect(screen.queryByRole('textbox', { name: /Tell us a little more/ })).toBeNull();
    fireEvent.click(screen.getByRole('radio', { name: 'Something else' }));
    submit();
    await waitFor(() => expect(errorOf(field(/Tell us a little more/))).toBe('This field is required'));
    expect(document.activeElement).toBe(field(/Tell us a little more/));
    type(/Tell us a little more/, 'Rosacea');
    submit();
    await screen.findByRole('heading', { name: 'Your appointment is scheduled' });
    expect(calls.find((c) => c.method === 'POST')!.body).toMatchObject({ 'answers.topic': 'other', 'answers.details': 'Rosacea' });
  });
});
