import { hydrateRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { inEmbedFrame } from './lib/embed';
import { shouldDelayHydration } from './lib/navigation';
import { pageRouter, prepareNavigation } from './router/browser';
import { PAYLOAD_ELEMENT_ID, type Payload } from './payload';
import './styles/global.css';

async function start() {
  const el = document.getElementById(PAYLOAD_ELEMENT_ID);
  const root = document.getElementById('root');
  if (!el || !root) return;
  const payload = JSON.parse(el.textContent ?? '{}') as Payload;
  // Inside a frame /embed.js made, its half comes first (no other page loads it).
  if (inEmbedFrame(window)) (await import(/* webpackChunkName: "embed-frame" */ './lib/embedFrame')).startEmbed();
  const router = await pageRouter(payload);
  if (shouldDelayHydration(payload.basePath)) await firstInteractionOrIdle();
  hydrateRoot(root, <RouterProvider router={router} />, {
      onRecoverableError(err) {
        console.error('Hydration error', err);
      },
  });
  document.documentElement.dataset.hydrated = 'true';
  prepareNavigation();
}

// POST_IDLE_MS is how long a website page stays static once the browser is
// idle, unless the visitor does something first.
const POST_IDLE_MS = 3000;

// Website pages wait for the visitor's first gesture, or for an idle moment
// and a little more, so the server HTML paints and scrolls before the
// bundle spends the CPU (what slow phones feel most).
function firstInteractionOrIdle(): Promise<void> {
  return new Promise((resolve) => {
    const events = ['pointerdown', 'keydown', 'touchstart', 'scroll', 'mousemove'] as const;
    let done = false;
    const go = () => {
      if (done) return;
      done = true;
      events.forEach((e) => window.removeEventListener(e, go));
      resolve();
    };
    events.forEach((e) => window.addEventListener(e, go, { once: true, passive: true }));
    const later = () => setTimeout(go, POST_IDLE_MS);
    if ('requestIdleCallback' in window) window.requestIdleCallback(later, { timeout: 5000 });
    else setTimeout(later, 1000);
  });
}

start().catch((err) => console.error('Start failed', err));
