import { useCallback, useRef } from 'react';
import { newIdempotencyKey } from '../../../lib/idempotency';

// useIdempotencyKey gives one key per attempt: sending the same body again
// (a retry after a lost answer) reuses it, so the server answers as the
// first time; a changed body is a new attempt with a new key.
export function useIdempotencyKey() {
  const last = useRef<{ body: string; key: string } | null>(null);
  return useCallback((body: unknown) => {
    const text = JSON.stringify(body);
    if (last.current?.body === text) return last.current.key;
    const key = newIdempotencyKey();
    last.current = { body: text, key };
    return key;
  }, []);
}
