// Preferences kept in localStorage. Reading it throws in some embedded or
// private contexts, and it must never be read during render (the server has
// none): call these from effects and event handlers only.
export function readPreference(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writePreference(key: string, value: string): void {
  try {
    window.localStorage.setItem(key, value);
  } catch {
    // storage unavailable: the preference lasts for this page only
  }
}
