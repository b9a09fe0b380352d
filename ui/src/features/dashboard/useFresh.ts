import { useEffect, useRef } from 'react';
import { useRevalidator } from 'react-router';

// How often a list on screen asks Go again while its tab is seen: a new
// booking or request shows within this, without a reload.
const EVERY_MS = 30_000;

// A screen nobody has touched for this long stops asking: each answer
// counts as the session's use, and a dashboard left open on a shared
// desk must still reach its idle end (people.IdleLife).
const UNTOUCHED_MS = 30 * 60_000;

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
    let touched = Date.now();
    const touch = () => {
      touched = Date.now();
    };
    const again = () => {
      const typing = document.activeElement?.matches('input, select, textarea');
      const r = latest.current;
      if (document.visibilityState === 'visible' && !typing && r.state === 'idle' && Date.now() - touched < UNTOUCHED_MS) void r.revalidate();
    };
    const timer = setInterval(again, EVERY_MS);
    document.addEventListener('visibilitychange', again);
    for (const e of ['pointerdown', 'keydown', 'scroll']) window.addEventListener(e, touch, { passive: true });
    return () => {
      clearInterval(timer);
      document.removeEventListener('visibilitychange', again);
      for (const e of ['pointerdown', 'keydown', 'scroll']) window.removeEventListener(e, touch);
    };
  }, []);
}
