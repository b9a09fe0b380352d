import { useCallback, useEffect, useRef, useState } from 'react';

// useFormKey is the details form's key (its post's idempotency key): the
// page's own when the server rendered the form, else one asked of Go when
// the form shows, since the calendar's step it was reached from is the
// same page for every visitor and carries none (GET /api/form-key).
// ready() is the key once there is one, for a post sent before it came.
export function useFormKey(own: string) {
  const [asked, setAsked] = useState('');
  const pending = useRef<Promise<string> | null>(null);
  const ask = useCallback(
    () =>
      (pending.current ??= fetchFormKey().then(
        (key) => {
          setAsked(key);
          return key;
        },
        (err: unknown) => {
          pending.current = null; // asked again on the next try
          throw err;
        },
      )),
    [],
  );
  useEffect(() => {
    if (!own) ask().catch(() => {}); // the post asks again, and says so if it cannot
  }, [own, ask]);
  return { key: own || asked, ready: () => (own ? Promise.resolve(own) : ask()) };
}

async function fetchFormKey(): Promise<string> {
  const res = await fetch('/api/form-key', { headers: { Accept: 'application/json' } });
  const body = (await res.json()) as { formKey?: unknown };
  if (!res.ok || typeof body.formKey !== 'string' || !body.formKey) throw new Error(`form key: HTTP ${res.status}`);
  return body.formKey;
}
