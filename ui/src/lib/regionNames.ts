// A country's name in a language, as Intl gives it; its ISO code where
// the engine has no names.

export function regionNames(lang: string): Intl.DisplayNames | null {
  try {
    return new Intl.DisplayNames([lang], { type: 'region' });
  } catch {
    return null;
  }
}

export function regionName(lang: string, code: string): string {
  return regionNames(lang)?.of(code) ?? code;
}
