import { FormattedMessage } from '../lib/i18n';
import { Link } from 'react-router';
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

// languageHref is a language's link to this page: its prefix in the path,
// English's too, so that without JavaScript the address alone chooses
// (an unprefixed address would follow an earlier choice's cookie).
export function languageHref(basePath: string, locale: string, search: string): string {
  const prefixed = locale === 'en-US' ? `/en${basePath === '/' ? '' : basePath}` : withLocale(basePath, locale);
  return prefixed + search;
}

// LanguageSwitcher is a disclosure of links to this page in each language:
// it opens and works without JavaScript; with it, the choice is also kept
// in a cookie (for the addresses without a language) and the page changes
// in place.
export function LanguageSwitcher() {
  const page = usePage();
  const current = page.locale === 'en' ? 'en-US' : page.locale;
  const search = page.path.includes('?') ? page.path.slice(page.path.indexOf('?')) : '';
  const here = LANGUAGES.find((l) => l.locale === current) ?? LANGUAGES[2];
  return (
    <details
      className={styles.switcher}
      // It closes as a menu does: when the focus leaves it, and on Escape.
      // Two handlers, not the site menu's document listeners
      // (SiteHeader.tsx): this one is in every widget's first JavaScript.
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget)) e.currentTarget.open = false;
      }}
      onKeyDown={(e) => {
        if (e.key !== 'Escape' || !e.currentTarget.open) return;
        e.currentTarget.open = false;
        e.currentTarget.querySelector('summary')?.focus();
      }}
    >
      <summary className={styles.summary}>
        <span className="visually-hidden">
          <FormattedMessage id="language.label" />:{' '}
        </span>
        <span lang={here.lang}>{here.name}</span>
      </summary>
      <ul className={styles.list}>
        {LANGUAGES.map((l) => (
          <li key={l.locale}>
            <Link
              to={languageHref(page.basePath, l.locale, search)}
              hrefLang={l.lang}
              lang={l.lang}
              aria-current={l.locale === current ? 'true' : undefined}
              onClick={(e) => {
                setPreference(LOCALE_COOKIE, l.locale);
                e.currentTarget.closest('details')?.removeAttribute('open');
              }}
            >
              {l.name}
            </Link>
          </li>
        ))}
      </ul>
    </details>
  );
}
