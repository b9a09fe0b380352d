import { useEffect, useState } from 'react';

// PhoneReader reads a number as people type it in a country: its E.164
// form, or null when it is no number.
export type PhoneReader = (value: string, region: string) => string | null;

// usePhoneReader loads libphonenumber (a chunk of its own, only on pages
// that ask for a phone) and gives its reader; null until it has loaded,
// when the server's check is the one that counts.
export function usePhoneReader(wanted: boolean): PhoneReader | null {
  const [reader, setReader] = useState<PhoneReader | null>(null);
  useEffect(() => {
    if (!wanted) return;
    let live = true;
    import(/* webpackChunkName: "phone" */ 'libphonenumber-js/min')
      .then((m) => {
        if (!live) return;
        setReader(() => (value: string, region: string) => {
          const n = m.parsePhoneNumberFromString(value, (region || undefined) as Parameters<typeof m.parsePhoneNumberFromString>[1]);
          return n && n.isValid() ? n.number : null;
        });
      })
      .catch((err) => console.warn('Phone number checks did not load; the server checks the number', err));
    return () => {
      live = false;
    };
  }, [wanted]);
  return reader;
}
