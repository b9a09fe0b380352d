// A booking's length and links as its visitor reads them, for the booker's
// screens and the payment result alike.
import type { IntlShape } from './i18n';

// formatDuration: "30 min", "1 h", "1 h 30 min", in the visitor's language.
export function formatDuration(intl: IntlShape, minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  if (h === 0) return intl.formatMessage({ id: 'booking.duration.minutes' }, { minutes: m });
  if (m === 0) return intl.formatMessage({ id: 'booking.duration.hours' }, { hours: h });
  return intl.formatMessage({ id: 'booking.duration.hoursMinutes' }, { hours: h, minutes: m });
}

// localizedPath keeps the visitor's language on an internal link the
// server built without a prefix (no prefix is en-US).
export function localizedPath(url: string, locale: string): string {
  if (!url.startsWith('/') || url.startsWith('//') || locale === 'en-US') return url;
  if (url === `/${locale}` || url.startsWith(`/${locale}/`)) return url;
  return `/${locale}${url}`;
}
