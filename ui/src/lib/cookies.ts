// Cookie names shared with the server (backend/internal/web/page.go).
export const LOCALE_COOKIE = 'slotwise_locale';
export const CONSENT_COOKIE = 'slotwise_consent';
// The visitor's time zone, so the next page the server renders is already in it.
export const TIME_ZONE_COOKIE = 'slotwise_tz';

const YEAR_SECONDS = 365 * 24 * 60 * 60;

// isEmbeddedCrossOrigin: a widget inside another site's iframe can only keep
// a cookie marked SameSite=None; Secure, and Partitioned (kept for that
// site only) where browsers block third-party cookies.
export function isEmbeddedCrossOrigin(win: Window): boolean {
  if (win.self === win.top) return false;
  try {
    return win.top?.location.origin !== win.location.origin;
  } catch {
    return true; // reading a cross-origin parent's location throws
  }
}

// preferenceCookie builds a cookie kept for 365 days on the whole site.
export function preferenceCookie(name: string, value: string, crossOrigin: boolean): string {
  const sameSite = crossOrigin ? 'SameSite=None; Secure; Partitioned' : 'SameSite=Lax';
  return `${name}=${encodeURIComponent(value)}; Max-Age=${YEAR_SECONDS}; Path=/; ${sameSite}`;
}

export function setPreference(name: string, value: string): void {
  document.cookie = preferenceCookie(name, value, isEmbeddedCrossOrigin(window));
}
