import { describe, expect, it, vi } from 'vitest';
import { createClient } from './http';

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

describe('createClient', () => {
  it('prefixes the base URL and returns status and body', async () => {
    const f = vi.fn(async () => json(200, { ok: true }));
    const res = await createClient('https://x', f as unknown as typeof fetch)('/api/a');
    expect(f).toHaveBeenCalledWith('https://x/api/a', expect.anything());
    expect(res).toEqual({ status: 200, body: { ok: true } });
  });
  it('retries a GET after a network error or a 5xx', async () => {
    const f = vi
      .fn()
      .mockRejectedValueOnce(new TypeError('network'))
      .mockResolvedValueOnce(json(503, {}))
      .mockResolvedValueOnce(json(200, { n: 3 }));
    const res = await createClient('', f)('/a', { retries: 2, retryDelayMs: 1 });
    expect(f).toHaveBeenCalledTimes(3);
    expect(res.body).toEqual({ n: 3 });
  });
  it('gives up after the retries', async () => {
    const f = vi.fn().mockRejectedValue(new TypeError('network'));
    await expect(createClient('', f)('/a', { retries: 1, retryDelayMs: 1 })).rejects.toThrow('network');
    expect(f).toHaveBeenCalledTimes(2);
  });
  it('never retries a POST, which might have been applied', async () => {
    const f = vi.fn().mockRejectedValue(new TypeError('network'));
    await expect(createClient('', f)('/a', { init: { method: 'POST' }, retryDelayMs: 1 })).rejects.toThrow();
    expect(f).toHaveBeenCalledTimes(1);
  });
  it('returns 4xx answers to the caller without retrying', async () => {
    const f = vi.fn(async () => json(422, { error: 'x' }));
    const res = await createClient('', f as unknown as typeof fetch)('/a');
    expect(res.status).toBe(422);
    expect(f).toHaveBeenCalledTimes(1);
  });
  it('aborts an attempt past its timeout', async () => {
    const f = vi.fn(
      (_u: string, init: RequestInit) =>
        new Promise<Response>((_, reject) => init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')))),
    );
    await expect(createClient('', f as unknown as typeof fetch)('/a', { timeoutMs: 5, retries: 0 })).rejects.toThrow('aborted');
  });
  it('stops a request and its retries when the caller cancels', async () => {
    const ctrl = new AbortController();
    const f = vi.fn(
      (_u: string, init: RequestInit) =>
        new Promise<Response>((_, reject) => init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')))),
    );
    const pending = createClient('', f as unknown as typeof fetch)('/a', { retries: 3, retryDelayMs: 1, init: { signal: ctrl.signal } });
    ctrl.abort();
    await expect(pending).rejects.toThrow();
    await new Promise((r) => setTimeout(r, 20));
    expect(f).toHaveBeenCalledTimes(1);
    await expect(createClient('', f as unknown as typeof fetch)('/b', { init: { signal: ctrl.signal } })).rejects.toThrow();
    expect(f).toHaveBeenCalledTimes(1);
  });
});
