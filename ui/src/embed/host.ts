// /embed.js: one script tag puts Slotwise widgets on a business's own site
// (docs/embed.md). It runs on the host page, so it is small, has no
// dependencies, touches nothing but the elements it is pointed at, and
// styles them through the CSSOM (a host's CSP may forbid inline styles).
//
//   <div data-slotwise-inline="/widget/bookings/demo-consultation"></div>
//   <button data-slotwise-popup="/widget/form/contact">Write to us</button>
//   <script src="https://book.example.com/embed.js" async
//           data-slotwise-button="/widget/bookings/demo-consultation"
//           data-slotwise-label="Book now"></script>
//
// Messages go both ways with postMessage and both ends check who speaks:
// the host only hears its own frames from the widget's origin, and the
// frame only talks to, and hears, the origin it was given, which must be
// the page that framed it (ui/src/lib/embed.ts is the frame's half).

interface Message {
  slotwise: 1;
  type: string;
  height?: number;
  [key: string]: unknown;
}

interface Widget {
  frame: HTMLIFrameElement;
  owner: Element; // where its events are dispatched (and bubble from)
  onEscape?: () => void;
}

type Listener = (detail: Message, owner: Element) => void;

// EVENTS the host hears; anything else a frame says is its own business.
const EVENTS = ['ready', 'step', 'booked', 'submitted', 'paid'];
// The server writes its language prefixes here when it serves the file.
const LANGUAGES = '__SLOTWISE_LANGUAGES__'.split(' ');
const UTM = ['utm_source', 'utm_medium', 'utm_campaign', 'utm_term', 'utm_content'];
const script = document.currentScript as HTMLScriptElement | null;
const base = new URL(script?.src || '/embed.js', location.href);
const widgets: Widget[] = [];
const listeners: Record<string, Listener[]> = {};
let popup: { layer: HTMLElement; widget: Widget; opener: Element | null } | null = null;
let button: HTMLElement | null = null;

// The one listener, installed before any frame exists: nothing a frame
// says on load or after a reload inside it is missed.
addEventListener('message', (e: MessageEvent) => {
  const data = e.data as Message | null;
  if (e.origin !== base.origin || !data || data.slotwise !== 1 || typeof data.type !== 'string') return;
  const w = widgets.find((x) => x.frame.contentWindow === e.source);
  if (!w) return;
  if (data.type === 'resize' || data.type === 'ready') {
    const h = Number(data.height);
    if (h > 0 && h < 100000) w.frame.style.height = Math.ceil(h) + 'px';
  }
  if (data.type === 'escape' && w.onEscape) w.onEscape();
  // A popup's widget takes the focus once it can (a dialog's contents should).
  if (data.type === 'ready' && w.onEscape) w.frame.contentWindow?.postMessage({ slotwise: 1, type: 'focus' }, base.origin);
  if (EVENTS.indexOf(data.type) < 0) return;
  w.owner.dispatchEvent(new CustomEvent('slotwise:' + data.type, { bubbles: true, detail: data }));
  (listeners[data.type] || []).concat(listeners['*'] || []).forEach((fn) => fn(data, w.owner));
});

// widgetURL is the frame's address: only a widget path of this server,
// in the page's language (or the element's data-slotwise-lang), with the
// page's campaign parameters.
function widgetURL(path: string, el: Element): string | null {
  const u = new URL(path, base);
  if (u.origin !== base.origin || !/^\/([a-z]{2}(-[a-z]{2})?\/)?widget\//.test(u.pathname)) {
    console.error('Slotwise: not a widget address:', path);
    return null;
  }
  const lang = (el.getAttribute('data-slotwise-lang') || document.documentElement.lang || '').toLowerCase();
  const prefix = LANGUAGES.indexOf(lang) >= 0 ? lang : LANGUAGES.indexOf(lang.split('-')[0]) >= 0 ? lang.split('-')[0] : '';
  if (prefix && /^\/widget\//.test(u.pathname)) u.pathname = '/' + prefix + u.pathname;
  const here = new URLSearchParams(location.search);
  UTM.forEach((k) => {
    const v = here.get(k);
    if (v && !u.searchParams.has(k)) u.searchParams.set(k, v);
  });
  return u.href;
}

function css<E extends HTMLElement>(el: E, style: Partial<CSSStyleDeclaration>): E {
  Object.assign(el.style, style);
  return el;
}

function makeFrame(src: string, owner: Element, title: string): Widget {
  const frame = document.createElement('iframe');
  frame.title = title;
  // The frame's name tells the widget which origin to talk to; it stays
  // with the frame through every page inside it.
  frame.name = 'slotwise-embed ' + location.origin;
  frame.allow = 'payment';
  frame.setAttribute('scrolling', 'no');
  css(frame, { display: 'block', width: '100%', height: '600px', border: '0', overflow: 'hidden', colorScheme: 'normal' });
  const w = { frame, owner };
  widgets.push(w);
  frame.src = src; // after the widget is known, so its first message finds it
  return w;
}

function inline(el: Element) {
  const src = widgetURL(el.getAttribute('data-slotwise-inline') || '', el);
  if (!src) return;
  // What the element held (a link to the widget, say) was for pages
  // without JavaScript; the frame takes its place.
  el.replaceChildren(makeFrame(src, el, el.getAttribute('data-slotwise-title') || 'Booking').frame);
}

function open(path: string, opener: Element | null) {
  close();
  const el = opener || document.documentElement;
  const src = widgetURL(path, el);
  if (!src) return;
  const phone = innerWidth < 640;
  const layer = css(document.createElement('div'), {
    position: 'fixed', inset: '0', zIndex: '2147483646', overflowY: 'auto', background: 'rgba(16,24,40,.55)',
    padding: phone ? '0' : '2rem 1rem', overscrollBehavior: 'contain',
  });
  layer.setAttribute('role', 'dialog');
  layer.setAttribute('aria-modal', 'true');
  const title = (opener && opener.getAttribute('data-slotwise-title')) || (opener && opener.textContent?.trim()) || 'Booking';
  layer.setAttribute('aria-label', title);
  const box = css(document.createElement('div'), { position: 'relative', maxWidth: '60rem', margin: '0 auto', background: '#fff', borderRadius: phone ? '0' : '12px', minHeight: phone ? '100%' : '' });
  // The close button has a bar of its own that stays on top while the
  // popup scrolls, so it never covers the widget.
  const bar = css(document.createElement('div'), {
    position: 'sticky', top: '0', zIndex: '1', display: 'flex', justifyContent: 'flex-end', padding: '4px',
    background: '#fff', borderRadius: phone ? '0' : '12px 12px 0 0',
  });
  const shut = css(document.createElement('button'), {
    width: '44px', height: '44px', border: '0', borderRadius: '50%', background: 'transparent', color: '#1f2330',
    font: '28px/44px system-ui,sans-serif', cursor: 'pointer',
  });
  shut.type = 'button';
  shut.textContent = '×';
  shut.setAttribute('aria-label', (opener && opener.getAttribute('data-slotwise-close')) || 'Close');
  shut.onclick = close;
  layer.onclick = (e) => e.target === layer && close();
  const widget = makeFrame(src, opener || layer, title);
  widget.onEscape = close;
  bar.append(shut);
  box.append(bar, widget.frame);
  layer.append(box);
  popup = { layer, widget, opener };
  document.body.append(layer);
  document.documentElement.style.overflow = 'hidden';
  // The floating button hides while its popup is open: it never covers it.
  if (button) button.style.display = 'none';
  shut.focus();
}

function close() {
  if (!popup) return;
  const { layer, widget, opener } = popup;
  popup = null;
  widgets.splice(widgets.indexOf(widget), 1);
  layer.remove();
  document.documentElement.style.overflow = '';
  if (button) button.style.display = '';
  if (opener instanceof HTMLElement) opener.focus();
}

addEventListener('keydown', (e) => e.key === 'Escape' && close());

// A click anywhere on an element with data-slotwise-popup opens it, for
// elements added later too.
document.addEventListener('click', (e) => {
  const el = e.target instanceof Element ? e.target.closest('[data-slotwise-popup]') : null;
  if (!el) return;
  e.preventDefault();
  open(el.getAttribute('data-slotwise-popup') || '', el);
});

function floatingButton(path: string) {
  if (button || !script) return;
  const b = css(document.createElement('button'), {
    position: 'fixed', right: '1rem', bottom: '1rem', zIndex: '2147483645', minHeight: '48px', padding: '.75rem 1.25rem',
    border: '0', borderRadius: '999px', background: script.getAttribute('data-slotwise-color') || '#4f46e5', color: '#fff',
    font: '600 16px system-ui,sans-serif', cursor: 'pointer', boxShadow: '0 4px 16px rgba(16,24,40,.25)',
  });
  b.type = 'button';
  b.textContent = script.getAttribute('data-slotwise-label') || 'Book now';
  b.setAttribute('data-slotwise-popup', path);
  if (script.hasAttribute('data-slotwise-title')) b.setAttribute('data-slotwise-title', script.getAttribute('data-slotwise-title')!);
  button = b;
  document.body.append(b);
}

// scan places what the page asks for; it can run again after a host's
// own script adds elements.
function scan() {
  document.querySelectorAll('[data-slotwise-inline]').forEach((el) => {
    if (widgets.some((w) => w.owner === el)) return;
    inline(el);
  });
  const floating = script && script.getAttribute('data-slotwise-button');
  if (floating) floatingButton(floating);
}

const api = {
  scan,
  open: (path: string) => open(path, null),
  close,
  on(type: string, fn: Listener) {
    (listeners[type] = listeners[type] || []).push(fn);
  },
};
(window as unknown as { Slotwise: typeof api }).Slotwise = api;

if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', scan);
else scan();
