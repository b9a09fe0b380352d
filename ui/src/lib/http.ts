// A small fetch client: a base URL, a timeout per attempt, and retries for
// safe requests that failed on the network or with a 5xx. A caller's
// init.signal cancels the request and every retry still to come (a screen
// that went away, a month the visitor already left).
export interface FetchOptions {
  timeoutMs?: number;
  retries?: number;
  retryDelayMs?: number;
  init?: RequestInit;
}

export function createClient(baseURL: string, fetchImpl: typeof fetch = (...a) => fetch(...a)) {
  return async function request<T>(path: string, opts: FetchOptions = {}): Promise<{ status: number; body: T }> {
    const { timeoutMs = 10000, retries = 2, retryDelayMs = 300, init = {} } = opts;
    const method = (init.method ?? 'GET').toUpperCase();
    const safe = method === 'GET' || method === 'HEAD';
    const outer = init.signal;
    for (let attempt = 0; ; attempt++) {
      outer?.throwIfAborted();
      const ctrl = new AbortController();
      const timer = setTimeout(() => ctrl.abort(), timeoutMs);
      const cancel = () => ctrl.abort(outer?.reason);
      outer?.addEventListener('abort', cancel);
      try {
        const res = await fetchImpl(baseURL + path, { ...init, signal: ctrl.signal, headers: { Accept: 'application/json', ...init.headers } });
        // A 5xx to retry is thrown only to reach the catch below, which
        // waits and tries again: it never leaves this loop.
        if (res.status >= 500 && safe && attempt < retries) throw new Error(`HTTP ${res.status}`);
        const body = (await res.json()) as T;
        return { status: res.status, body };
      } catch (err) {
        if (!safe || attempt >= retries || outer?.aborted) throw err;
        await new Promise((r) => setTimeout(r, retryDelayMs * (attempt + 1)));
      } finally {
        clearTimeout(timer);
        outer?.removeEventListener('abort', cancel);
      }
    }
  };
}
