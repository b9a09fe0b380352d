// hasPinnedTimeZone: ?tz= in the page URL keeps that zone after hydration.
export function hasPinnedTimeZone(path: string): boolean {
  const q = path.indexOf('?');
  if (q < 0) return false;
  return new URLSearchParams(path.slice(q + 1)).has('tz');
}
