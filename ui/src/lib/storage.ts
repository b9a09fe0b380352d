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

// What a visitor typed and has not sent yet, kept in sessionStorage for
// this tab: a reload gives it back. Effects and handlers only, as above.
export function readDraft(key: string): string | null {
  try {
    return window.sessionStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeDraft(key: string, value: string | null): void {
  try {
    if (value === null) window.sessionStorage.removeItem(key);
    else window.sessionStorage.setItem(key, value);
  } catch {
    // storage unavailable: a reload starts the step again
  }
}
