// Rules of navigation shared by links, the page host and the client entry.

// Paths that hydrate at once: the dashboard (an application, used at
// once), widgets, previews, the payment callback, assets and APIs. Every
// other page (the website) hydrates when the visitor first interacts or
// the browser is idle, so it paints and scrolls sooner.
const EAGER_HYDRATION = [/^\/admin(\/|$)/, /^\/widget(\/|$)/, /^\/v2\/preview(\/|$)/, /^\/verify-payment-callback(\/|$)/, /^\/assets(\/|$)/, /^\/api(\/|$)/];

export function shouldDelayHydration(basePath: string): boolean {
  return !EAGER_HYDRATION.some((re) => re.test(basePath));
}

// isExternal tells whether a URL leaves this site's origin.
export function isExternal(href: string, origin: string): boolean {
  try {
    return new URL(href, origin).origin !== origin;
  } catch {
    return true; // an unparseable URL is not ours to follow
  }
}

// guardExternal refuses to leave the site unless the caller says so
// explicitly, so no payload or query string can send a visitor elsewhere.
export function guardExternal(href: string, origin: string, allowExternal = false): boolean {
  if (!isExternal(href, origin) || allowExternal) return true;
  console.warn(`Navigation to ${href} was refused: external URLs need explicit permission.`);
  return false;
}

export const RELOAD_GUARD_KEY = 'slotwise:chunk-reload';
export const RELOAD_GUARD_MS = 10000;

interface Storage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

// shouldReloadAfterChunkError: a failed chunk (usually a deploy replaced the
// build) is fixed by loading the target route afresh, but only once per
// target within RELOAD_GUARD_MS, so a broken deploy cannot loop forever.
export function shouldReloadAfterChunkError(target: string, storage: Storage, now: number): boolean {
  let last: { target?: string; at?: number } = {};
  try {
    last = JSON.parse(storage.getItem(RELOAD_GUARD_KEY) ?? '{}');
  } catch {
    last = {};
  }
  if (last.target === target && typeof last.at === 'number' && now - last.at < RELOAD_GUARD_MS) {
    return false;
  }
  storage.setItem(RELOAD_GUARD_KEY, JSON.stringify({ target, at: now }));
  return true;
}

export function isChunkLoadError(err: unknown): boolean {
  const e = err as { name?: string; message?: string } | null;
  return !!e && (e.name === 'ChunkLoadError' || /Loading (CSS )?chunk [\w-]+ failed/i.test(e.message ?? ''));
}

// isExpiredLinkMessage: the error screen shows the expired-link page for
// "slug expired" or any message about a reschedule or cancellation.
export function isExpiredLinkMessage(message: string | undefined): boolean {
  if (!message) return false;
  const m = message.toLowerCase();
  return m === 'slug expired' || m.includes('reschedule') || m.includes('cancellation');
}

// withLocale builds a path in another language: no prefix means en-US.
export function withLocale(basePath: string, locale: string): string {
  if (locale === 'en-US') return basePath;
  return `/${locale}${basePath === '/' ? '' : basePath}`;
}

// navigateTo is the one way code (not a link the visitor clicks) leaves the
// current page: a same-site URL loads, an external one only with
// allowExternal, so no payload or query string can send a visitor away.
export function navigateTo(href: string, opts: { allowExternal?: boolean; win?: Pick<Window, 'location'> } = {}): boolean {
  const win = opts.win ?? window;
  if (!guardExternal(href, win.location.origin, opts.allowExternal)) return false;
  win.location.assign(href);
  return true;
}

// reloadInFull: a new deploy (a chunk that is gone), a failed fetch or a
// page this route cannot show loads the target in full and lets the server
// answer, once per target within the reload guard for a chunk, so a broken
// deploy cannot loop. False when the guard says it was tried already.
export function reloadInFull(target: string, err: unknown): boolean {
  if (isChunkLoadError(err) && !shouldReloadAfterChunkError(target, window.sessionStorage, Date.now())) {
    console.error('Navigation failed again after a reload', err);
    return false;
  }
  console.error('Navigation failed; loading the page in full', err);
  navigateTo(target);
  return true;
}
