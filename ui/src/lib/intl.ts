import { createIntl, type IntlError, type IntlShape, type Messages } from './i18n';

// One intl object per language for the life of the bundle: in V8 an isolate
// renders thousands of pages, and a fresh IntlProvider per render would
// rebuild every formatter and re-parse every message each time. Pages carry
// only the messages of their screen, and parts fetched later bring theirs
// (partMessages.ts): every message a language has shown is kept in one
// store that its intl reads, since a message never changes while the
// bundle lives (messages ship in the same binary).
const byLang = new Map<string, IntlShape>();
const known = new Map<string, Messages>();
const merged = new WeakSet<Messages>();

function store(lang: string): Messages {
  let all = known.get(lang);
  if (!all) {
    all = {};
    known.set(lang, all);
  }
  return all;
}

// addMessages makes more of a language's messages known.
export function addMessages(lang: string, messages: Messages): void {
  Object.assign(store(lang), messages);
}

export function intlFor(lang: string, messages: Messages, onError: (err: IntlError) => void): IntlShape {
  if (!merged.has(messages)) {
    addMessages(lang, messages);
    merged.add(messages);
  }
  let intl = byLang.get(lang);
  if (!intl) {
    intl = createIntl({ locale: lang, messages: store(lang), onError, parsed: true });
    byLang.set(lang, intl);
  }
  return intl;
}
