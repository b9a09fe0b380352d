// The frame's half of /embed.js, started before hydration and fetched
// only inside a frame that /embed.js made (ui/src/embed/host.ts,
// docs/embed.md). The host page's script names the frame after its own
// origin (window.name, which stays with the frame through reloads and
// pages inside it, and which no server or cache sees). The widget talks to
// that origin only (postMessage's target, so no other page can read a
// word) and only when it really is the page that framed it, and it hears
// only its parent speaking from that origin.
import { EMBED_NAME, notifyHost, setHostOrigin } from './embed';
import { OWN_PAGE } from './ownFrame';

// hostOriginOf reads and checks the origin the host gave: an http(s)
// origin, exactly, and the frame's real parent where the browser tells
// (location.ancestorOrigins). A website page of this server frames its
// own widgets as OWN_PAGE: their host is own, the origin both share, which
// the caller has seen the parent has.
export function hostOriginOf(name: string, ancestors: ArrayLike<string> | undefined, own?: string): string | null {
  if (!name.startsWith(EMBED_NAME)) return null;
  let given = name.slice(EMBED_NAME.length);
  if (given === OWN_PAGE) {
    if (!own) return null;
    given = own;
  }
  let origin: string;
  try {
    origin = new URL(given).origin;
  } catch {
    return null;
  }
  if (origin !== given || !/^https?:$/.test(new URL(origin).protocol)) return null;
  if (ancestors && ancestors.length > 0 && ancestors[0] !== origin) return null;
  return origin;
}

// sameOriginParent is the parent's origin when it is this frame's own
// (reading a parent of another origin throws).
function sameOriginParent(win: Window): string | undefined {
  try {
    return win.parent.location.origin === win.location.origin ? win.location.origin : undefined;
  } catch {
    return undefined;
  }
}

// startEmbed runs once, before hydration: inside a frame placed by
// /embed.js it marks the document (widgets then size to their content,
// not to the frame), tells the host its height whenever it changes, and
// listens to the host. Inside a page of this website it is marked "page":
// the page's own language menu and cookie banner then speak for it.
export function startEmbed(win: Window = window) {
  if (win.parent === win) return;
  const origin = hostOriginOf(win.name, win.location.ancestorOrigins, sameOriginParent(win));
  if (!origin) return;
  setHostOrigin(origin);
  const doc = win.document;
  doc.documentElement.dataset.embed = win.name.slice(EMBED_NAME.length) === OWN_PAGE ? 'page' : 'true';
  let last = 0;
  const report = () => {
    const height = Math.ceil(doc.documentElement.getBoundingClientRect().height);
    if (height === last) return;
    last = height;
    notifyHost('resize', { height });
  };
  if ('ResizeObserver' in win) new ResizeObserver(report).observe(doc.documentElement);
  win.addEventListener('load', report);
  win.addEventListener('message', (e: MessageEvent) => {
    if (e.source !== win.parent || e.origin !== origin || e.data?.slotwise !== 1) return;
    // A host that started listening after the frame spoke asks again.
    if (e.data.type === 'measure') {
      last = 0;
      report();
    }
    if (e.data.type === 'focus') {
      const target = doc.querySelector<HTMLElement>('#main h1, #main h2') ?? doc.getElementById('main');
      if (!target) return;
      if (!target.hasAttribute('tabindex')) target.tabIndex = -1;
      target.focus({ preventScroll: true });
    }
  });
  // Escape in a popup's widget closes the popup, unless the widget used it
  // (its own dialog); on the key's release, so the frame is not taken away
  // between the key going down and up.
  // The key-down is kept (seen first, in capture) and asked afterwards,
  // when the widget's own handlers have had it.
  let down: KeyboardEvent | null = null;
  win.addEventListener('keydown', (e) => e.key === 'Escape' && (down = e), true);
  win.addEventListener('keyup', (e) => {
    if (e.key === 'Escape' && down && !down.defaultPrevented) notifyHost('escape');
    down = null;
  });
}

