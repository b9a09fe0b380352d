// Building an Intl.DateTimeFormat costs tens of microseconds (it loads ICU
// data); formatting with one costs a fraction of that. A page formats the
// same few patterns hundreds of times, in V8 on the server as in the
// browser, so formatters are built once per locale and options and kept.
const MAX_ENTRIES = 2000;
const formats = new Map<string, Intl.DateTimeFormat>();

export function dateTimeFormat(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = locale + '\u0000' + JSON.stringify(options);
  let f = formats.get(key);
  if (!f) {
    if (formats.size >= MAX_ENTRIES) formats.clear(); // zone pickers can ask for hundreds; stay bounded
    f = new Intl.DateTimeFormat(locale, options);
    formats.set(key, f);
  }
  return f;
}
