// The frame's half of /embed.js (ui/src/embed/host.ts, docs/embed.md):
// what every widget page carries (telling the host, which does nothing
// outside a frame); embedFrame.ts, fetched only inside one, starts it.

export const EMBED_NAME = 'slotwise-embed ';

export type HostEvent = 'ready' | 'resize' | 'step' | 'booked' | 'submitted' | 'paid' | 'escape';

let hostOrigin: string | null = null;

// inEmbedFrame: a frame /embed.js made (named after its host's origin).
export function inEmbedFrame(win: Window): boolean {
  return win.parent !== win && win.name.startsWith(EMBED_NAME);
}

// setHostOrigin is embedFrame.ts's, once it has checked the origin.
export function setHostOrigin(origin: string | null) {
  hostOrigin = origin;
}

// embedded says whether a host page hears this widget.
export function embedded(): boolean {
  return hostOrigin !== null;
}

// notifyHost tells the host page what happened; outside /embed.js it does
// nothing. Details carry no secrets: no tokens, no manage links.
export function notifyHost(type: HostEvent, detail: Record<string, unknown> = {}) {
  if (!hostOrigin) return;
  const height = Math.ceil(document.documentElement.getBoundingClientRect().height);
  window.parent.postMessage({ height, ...detail, slotwise: 1, type }, hostOrigin);
}

// stepOf names where the visitor is, for the host: a form's or a cart's
// step, the booker's (calendar, times, details), else the screen.
export function stepOf(route: string, search: string): string {
  const q = new URLSearchParams(search);
  if (q.get('step')) return q.get('step')!;
  if (route !== 'appointment' && route !== 'bookings' && route !== 'oneTimeLink' && route !== 'serviceMenu') return route;
  if (q.get('time')) return 'details';
  return q.get('date') ? 'times' : 'calendar';
}

