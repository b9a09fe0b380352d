import { useEffect, useRef } from 'react';
import { useRevalidator } from 'react-router';

// How often a list on screen asks Go again while its tab is seen: a new
// booking or request shows within this, without a reload.
const EVERY_MS = 30_000;

// useFresh keeps the page's data fresh: it asks Go again every EVERY_MS
// while the page is visible, and as soon as it becomes visible again;
// never while the person is typing in a field, or while a navigation or a
// post is under way.
export function useFresh() {
  const revalidator = useRevalidator();
  // The revalidator of the latest render: the timer outlives renders.
  const latest = useRef(revalidator);
  latest.current = revalidator;
  useEffect(() => {
    const again = () => {
      const typing = document.activeElement?.matches('input, select, textarea');
      const r = latest.current;
      if (document.visibilityState === 'visible' && !typing && r.state === 'idle') void r.revalidate();
    };
    const timer = setInterval(again, EVERY_MS);
    document.addEventListener('visibilitychange', again);
    return () => {
      clearInterval(timer);
      document.removeEventListener('visibilitychange', again);
    };
  }, []);
}
