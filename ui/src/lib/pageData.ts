import { createClient } from './http';
import type { Payload } from '../payload';

const api = createClient('');

// fetchPage asks the server for a page's payload, from the same Go loader
// that renders it: the router's loader on every navigation and revalidation.
export async function fetchPage(target: string, signal?: AbortSignal): Promise<Payload> {
  const { body } = await api<Payload>('/api/page-data?path=' + encodeURIComponent(target), { timeoutMs: 15000, retries: 2, init: { signal } });
  return body;
}

// An action's answer from Go: the page to go to next, or the page again
// with what was wrong (the payload, with its `action`).
export type ActionAnswer = { redirect: string } | Payload;

// postPage sends a form to its page's own URL, as a browser without
// JavaScript does, and asks for the answer as data: fetch would follow a
// 303 silently and lose where it pointed.
export async function postPage(target: string, body: URLSearchParams, signal?: AbortSignal): Promise<{ status: number; body: ActionAnswer }> {
  return api<ActionAnswer>(target, {
    timeoutMs: 20000,
    init: { method: 'POST', body, signal, headers: { 'Content-Type': 'application/x-www-form-urlencoded' } },
  });
}

// The payload on screen, as the router last settled it (router/page.ts):
// a screen that posted a form reads what its answer led to (the booking
// the booker's details made) once the navigation is over.
let current: Payload | null = null;

export const currentPage = (): Payload | null => current;

export function setCurrentPage(p: Payload) {
  current = p;
}
