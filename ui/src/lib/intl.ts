import { createIntl, type IntlError, type IntlShape, type Messages } from './i18n';

// One intl object per language for the life of the bundle: in V8 an isolate
// renders thousands of pages, and a fresh IntlProvider per render would
// rebuild every formatter and re-parse every message each time. Messages of
// a language never change while the bundle lives (they ship in the same
// binary), so the language and the catalogue's size identify them.
const byLang = new Map<string, IntlShape>();

export function intlFor(lang: string, messages: Messages, onError: (err: IntlError) => void): IntlShape {
  const key = `${lang}\u0000${Object.keys(messages).length}`;
  let intl = byLang.get(key);
  if (!intl || intl.messages !== messages && !sameMessages(intl.messages, messages)) {
    intl = createIntl({ locale: lang, messages, onError, parsed: true });
    byLang.set(key, intl);
  }
  return intl;
}

// sameMessages compares a few entries: catalogues of one language and size
// only differ across deploys, which also replace the bundle.
function sameMessages(a: Messages, b: Messages): boolean {
  const keys = Object.keys(b);
  const probe = [0, keys.length >> 1, keys.length - 1].map((i) => keys[i]);
  return probe.every((k) => k === undefined || a[k] === b[k]);
}
