import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

// useMenuThatCloses closes the open menu as a good menu does: on the next
// page, on a tap or a focus outside it, and on Escape (which gives the
// focus back to its button when it was inside).
export function useMenuThatCloses() {
  const menu = useRef<HTMLDetailsElement>(null);
  const { pathname, search } = useLocation();
  useEffect(() => {
    if (menu.current) menu.current.open = false;
  }, [pathname, search]);
  useEffect(() => {
    const close = (e: Event) => {
      const d = menu.current;
      if (!d?.open) return;
      const inside = d.contains(e.target as Node);
      if (e instanceof KeyboardEvent) {
        if (e.key !== 'Escape') return;
        d.open = false;
        if (inside) d.querySelector('summary')?.focus();
      } else if (!inside) d.open = false;
    };
    const events = ['pointerdown', 'focusin', 'keydown'] as const;
    for (const t of events) document.addEventListener(t, close);
    return () => {
      for (const t of events) document.removeEventListener(t, close);
    };
  }, []);
  return menu;
}
