// A series' times, asked for by the details step's repeat fields.
import { createClient } from '../../../lib/http';
import type { SeriesResponse } from '../types';

const api = createClient('');

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
