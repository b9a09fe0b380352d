import { useEffect, useRef, useState, type ReactNode } from 'react';

export const REVEAL_THRESHOLD = 0.1;
export const REVEAL_CLASS_MS = 1000;

// Reveal fades a section in once a tenth of it is visible, then drops the
// animation class after a second so it leaves no trace on later layouts.
// The server renders it plain, so content is there without scripts.
export function Reveal({ children, as: Tag = 'section', lang }: { children: ReactNode; as?: 'section' | 'div'; lang?: string }) {
  const ref = useRef<HTMLElement | null>(null);
  const [state, setState] = useState<'plain' | 'hidden' | 'in'>('plain');
  useEffect(() => {
    const el = ref.current;
    if (!el || typeof IntersectionObserver === 'undefined') return;
    const rect = el.getBoundingClientRect();
    if (rect.top < window.innerHeight) return; // already on screen: no animation
    setState('hidden');
    const io = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          setState('in');
          io.disconnect();
        }
      },
      { threshold: REVEAL_THRESHOLD },
    );
    io.observe(el);
    return () => io.disconnect();
  }, []);
  useEffect(() => {
    if (state !== 'in') return;
    const t = setTimeout(() => setState('plain'), REVEAL_CLASS_MS);
    return () => clearTimeout(t);
  }, [state]);
  const cls = state === 'hidden' ? 'reveal' : state === 'in' ? 'reveal reveal-in' : undefined;
  return (
    <Tag ref={ref as never} className={cls} lang={lang}>
      {children}
    </Tag>
  );
}
