import { useEffect, useState, type Ref } from 'react';
import { inputClass, type ControlProps } from '../../../components/Field';
import styles from '../Forms.module.css';

// RegionChoice is a country a number can be from: the server names the
// business's own (so the first render, on the server and in the browser,
// lists it alike); the rest come with libphonenumber's chunk.
export interface RegionChoice {
  region: string;
  code: number;
  name: string;
}

interface Props {
  control: ControlProps;
  name: string;
  countryName: string;
  countryLabel: string;
  value: string;
  country: string;
  initial: RegionChoice | null;
  lang: string;
  inputRef?: Ref<HTMLInputElement>;
  onChange: (value: string) => void;
  onCountry: (region: string) => void;
}

// PhoneInput is a number and the country it is read in. Without scripts
// the country is the business's (a number with + says its own); once the
// phone chunk is here, every country is offered, named in the page's
// language.
export function PhoneInput({ control, name, countryName, countryLabel, value, country, initial, lang, inputRef, onChange, onCountry }: Props) {
  const regions = useRegions(lang, initial);
  return (
    <div className={styles.phone}>
      {regions.length > 0 && (
        <select
          className={`${inputClass} ${styles.country}`}
          name={countryName}
          aria-label={countryLabel}
          autoComplete="tel-country-code"
          value={country || initial?.region || ''}
          onChange={(e) => onCountry(e.target.value)}
        >
          {regions.map((r) => (
            <option key={r.region} value={r.region}>
              {`${r.name} +${r.code}`}
            </option>
          ))}
        </select>
      )}
      <input {...control} ref={inputRef} className={inputClass} type="tel" name={name} inputMode="tel" autoComplete="tel" value={value} onChange={(e) => onChange(e.target.value)} />
    </div>
  );
}

// useRegions is the countries offered: the server's one at first, every
// country libphonenumber knows once it has loaded (after hydration, so the
// page the server sent and the one the browser hydrates agree).
function useRegions(lang: string, initial: RegionChoice | null): RegionChoice[] {
  const [regions, setRegions] = useState<RegionChoice[]>(initial ? [initial] : []);
  useEffect(() => {
    let live = true;
    import(/* webpackChunkName: "phone" */ 'libphonenumber-js/min')
      .then((m) => {
        if (!live) return;
        let names: Intl.DisplayNames | null = null;
        try {
          names = new Intl.DisplayNames([lang], { type: 'region' });
        } catch {
          // a browser without region names lists the codes
        }
        const all = m.getCountries().map((r) => ({ region: r, code: Number(m.getCountryCallingCode(r)), name: names?.of(r) ?? r }));
        const collator = new Intl.Collator(lang);
        setRegions(all.sort((a, b) => collator.compare(a.name, b.name)));
      })
      .catch((err) => console.warn('The list of countries did not load; numbers are read in the business’s country', err));
    return () => {
      live = false;
    };
  }, [lang]);
  return regions;
}
