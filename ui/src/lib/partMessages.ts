import { addMessages } from './intl';

// partMessages brings the messages of a part fetched as a chunk (its texts
// are not in the page's payload unless the page says so): once per part
// and language; a failed fetch resolves anyway (the part then shows what it
// can) and is tried again the next time.
const loaded = new Map<string, Promise<void>>();

export function partMessages(part: string, lang: string): Promise<void> {
  const key = `${lang}\u0000${part}`;
  let p = loaded.get(key);
  if (!p) {
    p = fetch(`/api/messages?${new URLSearchParams({ part, locale: lang })}`, { headers: { Accept: 'application/json' } })
      .then((res) => (res.ok ? res.json() : Promise.reject(new Error(`HTTP ${res.status}`))))
      .then((messages) => addMessages(lang, messages))
      .catch((err) => {
        loaded.delete(key);
        console.warn(`The texts of ${part} did not load`, err);
      });
    loaded.set(key, p);
  }
  return p;
}
