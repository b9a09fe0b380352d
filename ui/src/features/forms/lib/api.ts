// The forms API (docs/api.md, "Forms"): one step of a form at a time.
import { createClient } from '../../../lib/http';
import type { APIErrorResponse, FormAnswerRequest, FormAnswerResponse } from '../../../generated/web';

const api = createClient('');

export type StepAnswer =
  | { ok: true; body: FormAnswerResponse }
  | { ok: false; status: number; error: APIErrorResponse['error'] | null; key?: string };

export async function sendStep(route: string, slug: string, req: FormAnswerRequest, lang: string): Promise<StepAnswer> {
  const { status, body } = await api<FormAnswerResponse | (APIErrorResponse & { key?: string })>(
    `/api/forms/${encodeURIComponent(route)}/${encodeURIComponent(slug)}/answers`,
    { timeoutMs: 20000, init: { method: 'POST', body: JSON.stringify(req), headers: { 'Content-Type': 'application/json', 'Accept-Language': lang } } },
  );
  if (status >= 200 && status < 300) return { ok: true, body: body as FormAnswerResponse };
  const failed = body as (APIErrorResponse & { key?: string }) | null;
  return { ok: false, status, error: failed?.error ?? null, key: failed?.key };
}
