import { createClient } from './http';
import type { Payload } from '../payload';

const api = createClient('');

// fetchPage asks the server for a page's payload, from the same Go loader
// that renders it: the page host on every navigation, and a screen that
// asks again about its own page (the payment result while it is pending).
export async function fetchPage(target: string): Promise<Payload> {
  const { body } = await api<Payload>('/api/page-data?path=' + encodeURIComponent(target), { timeoutMs: 15000, retries: 2 });
  return body;
}
