import { useId } from 'react';
import { FormattedMessage } from '../lib/i18n';
import { useNavigate } from 'react-router';
import { LOCALE_COOKIE, setPreference } from '../lib/cookies';
import { withLocale } from '../lib/navigation';
import { usePage } from '../PageContext';
import styles from './LanguageSwitcher.module.css';

// Each language is named in itself, so a visitor finds their own.
export const LANGUAGES: { locale: string; name: string; lang: string }[] = [
  { locale: 'da', name: 'Dansk', lang: 'da' },
  { locale: 'de', name: 'Deutsch', lang: 'de' },
  { locale: 'en-US', name: 'English', lang: 'en' },
  { locale: 'es', name: 'Español', lang: 'es' },
  { locale: 'fr', name: 'Français', lang: 'fr' },
  { locale: 'it', name: 'Italiano', lang: 'it' },
  { locale: 'hu', name: 'Magyar', lang: 'hu' },
  { locale: 'nl', name: 'Nederlands', lang: 'nl' },
  { locale: 'pl', name: 'Polski', lang: 'pl' },
  { locale: 'pt-br', name: 'Português (Brasil)', lang: 'pt-BR' },
  { locale: 'pt', name: 'Português (Portugal)', lang: 'pt' },
];

export function LanguageSwitcher() {
  const page = usePage();
  const navigate = useNavigate();
  const id = useId();
  const current = page.locale === 'en' ? 'en-US' : page.locale;
  const search = page.path.includes('?') ? page.path.slice(page.path.indexOf('?')) : '';
  return (
    <span className={styles.switcher}>
      <label htmlFor={id}>
        <FormattedMessage id="language.label" />
      </label>
      <select
        id={id}
        className={styles.select}
        value={current}
        onChange={(e) => {
          setPreference(LOCALE_COOKIE, e.target.value);
          navigate(withLocale(page.basePath, e.target.value) + search);
        }}
      >
        {LANGUAGES.map((l) => (
          <option key={l.locale} value={l.locale} lang={l.lang}>
            {l.name}
          </option>
        ))}
      </select>
    </span>
  );
}
