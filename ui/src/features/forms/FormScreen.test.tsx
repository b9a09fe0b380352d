import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, payload, renderPage } from '../../testing/booking';
import type { ActionResult, FormPageData } from '../../generated/web';

const contact = (): FormPageData => ({
  key: 'key-1', step: 'contact', values: {}, query: { utm_source: 'mail' }, done: false, position: 1, total: 1,
  business: { name: 'Slotwise Demo Studio' },
  form: {
    slug: 'demo-contact', kind: 'form', title: 'Get in touch', today: '2026-11-23', region: 'DE', submit: 'Send message',
    steps: [{ id: 'contact', fields: [
      { id: 'name', type: 'name', label: 'Your name', required: true, maxLength: 100 },
      { id: 'email', type: 'email', label: 'Email', required: true, maxLength: 254 },
      { id: 'topic', type: 'dropdown', label: 'What is it about?', required: true, maxLength: 300, options: [{ value: 'booking', label: 'An appointment' }, { value: 'other', label: 'Something else' }] },
      { id: 'date', type: 'date', label: 'Preferred date', maxLength: 300, minDate: '2026-11-23' },
      { id: 'source', type: 'hidden', label: '', maxLength: 500, param: 'utm_source' },
    ] }],
    rules: [{ action: 'show', field: 'date', when: { match: 'all', conditions: [{ field: 'topic', op: 'equals', value: 'booking' }] } }],
  },
});

interface Call {
  url: string;
  method: string;
  body: unknown;
}

// answering stubs fetch: the page's action answers as handler says (the
// form posted as a browser posts it); page data (where the answer sends
// the visitor) is the form's page, thanking.
function answering(handler: (n: number) => Response): Call[] {
  const calls: Call[] = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    if (url.startsWith('/api/page-data')) return json(200, payload('form', { ...contact(), done: true }, { layout: 'form', path: '/widget/form/demo-contact' }));
    const body = init.body instanceof URLSearchParams ? init.body : null;
    calls.push({ url, method: (init.method ?? 'GET').toUpperCase(), body: body && Object.fromEntries([...new Set(body.keys())].map((k) => [k, body.getAll(k)])) });
    return handler(calls.length);
  });
  return calls;
}

// refused is the page again, as Go's action answers a refusal asked for as data.
const refused = (status: number, action: ActionResult) => json(status, payload('form', contact(), { layout: 'form', path: '/widget/form/demo-contact?utm_source=mail', status, action }));

const open = (data = contact()) => renderPage(payload('form', data, { layout: 'form', path: '/widget/form/demo-contact?utm_source=mail' }));
const box = (name: string | RegExp) => screen.getByRole('textbox', { name }) as HTMLInputElement;
const errorOf = (el: HTMLElement) => document.getElementById((el.getAttribute('aria-describedby') ?? '').split(' ')[0])?.textContent ?? null;

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('a form of the engine', () => {
  it("links a consent to the business's privacy policy, opening beside the form", () => {
    const data = contact();
    data.form.steps[0].fields.push({ id: 'ok', type: 'consent', label: 'You may keep my details', required: true, maxLength: 0 });
    renderPage(payload('form', data, { layout: 'form', path: '/widget/form/demo-contact', privacy: '/privacy' }));
    const link = screen.getByRole('link', { name: 'Privacy policy' });
    expect(link.getAttribute('href')).toBe('/privacy');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(screen.getByRole('checkbox', { name: /You may keep my details/ })).toBeTruthy();
  });

  it('gives back what was typed and not sent after a reload, under what the server kept', async () => {
    open();
    fireEvent.change(box(/Your name/), { target: { value: 'Ada Lovelace' } });
    cleanup();
    open();
    await waitFor(() => expect(box(/Your name/).value).toBe('Ada Lovelace'));
    // The server's answers for the step win over a draft.
    cleanup();
    open({ ...contact(), values: { name: ['Grace Hopper'] } });
    await act(async () => {});
    expect(box(/Your name/).value).toBe('Grace Hopper');
    window.sessionStorage.clear();
  });

  it('says what is wrong as the visitor leaves a field, and everything missing on sending, focusing the first', async () => {
    open();
    fireEvent.change(box(/Email/), { target: { value: 'ada@example' } });
    fireEvent.blur(box(/Email/));
    expect(errorOf(box(/Email/))).toBe('Email is invalid');
    fireEvent.click(screen.getByRole('button', { name: 'Send message' }));
    await waitFor(() => expect(errorOf(box(/Your name/))).toBe('This field is required'));
    expect(document.activeElement).toBe(box(/Your name/));
    expect(errorOf(screen.getByRole('combobox', { name: /What is it about/ }))).toBe('This field is required');
  });

  it('shows a question when a rule says so and sends only what the visitor could see', async () => {
    const calls = answering(() => json(200, { redirect: '/widget/form/demo-contact?response=key-1' }));
    open();
    expect(screen.queryByLabelText(/Preferred date/)).toBeNull();
    fireEvent.change(box(/Your name/), { target: { value: 'Ada Lovelace' } });
    fireEvent.change(box(/Email/), { target: { value: 'ada@example.com' } });
    fireEvent.change(screen.getByRole('combobox', { name: /What is it about/ }), { target: { value: 'booking' } });
    fireEvent.change(screen.getByLabelText(/Preferred date/), { target: { value: '2026-12-01' } });
    fireEvent.change(screen.getByRole('combobox', { name: /What is it about/ }), { target: { value: 'other' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Send message' })));
    const post = calls.find((c) => c.method === 'POST')!;
    expect(post.url).toBe('/widget/form/demo-contact?utm_source=mail');
    expect(post.body).toMatchObject({ key: ['key-1'], step: ['contact'], 'answers.name': ['Ada Lovelace'], 'answers.email': ['ada@example.com'], 'answers.topic': ['other'] });
    expect((post.body as Record<string, unknown>)['answers.date']).toBeUndefined();
    await screen.findByText('Thank you! Your answers have been sent.');
  });

  it('puts the server’s refusal under its fields and keeps a new key when the old one expired', async () => {
    const calls = answering((n) =>
      n === 1
        ? json(409, payload('form', { ...contact(), key: 'key-2' }, { layout: 'form', path: '/widget/form/demo-contact?utm_source=mail', status: 409, action: { code: 'form_expired', message: 'This form was open for a long time.', values: { key: 'key-1', 'answers.name': 'Ada' } } }))
        : refused(422, { message: 'Please check the highlighted fields', fields: { 'answers.name': { id: 'validation.nameInvalid', message: 'Name is invalid' } }, values: { key: 'key-2', 'answers.name': 'Ada' } }),
    );
    open();
    fireEvent.change(box(/Your name/), { target: { value: 'Ada' } });
    fireEvent.change(box(/Email/), { target: { value: 'ada@example.com' } });
    fireEvent.change(screen.getByRole('combobox', { name: /What is it about/ }), { target: { value: 'other' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Send message' })));
    await screen.findByText('This form was open for a long time.');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Send message' })));
    await waitFor(() => expect(errorOf(box(/Your name/))).toBe('Name is invalid'));
    expect((calls.filter((c) => c.method === 'POST')[1].body as { key: string[] }).key).toEqual(['key-2']);
  });
});
