import { useEffect, useState } from 'react';

// useHydrated tells whether the page runs in a browser with JavaScript:
// false while the server renders and until hydration, so what only a
// script can do (a passkey) is not offered where it could not work.
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}
