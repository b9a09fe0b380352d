import { FormattedMessage } from '../lib/i18n';
import { Link } from 'react-router';
import { LOCALE_COOKIE, setPreference } from '../lib/cookies';
import { withLocale } from '../lib/navigation';
import { usePage } from '../PageContext';
import styles from './LanguageSwitcher.module.css';

// Each language is named in itself, so a visitor finds their own: its
// locale (as the address writes it) and its name.
export const LANGUAGES: [string, string][] = [
  ['da', 'Dansk'],
  ['de', 'Deutsch'],
  ['en-US', 'English'],
  ['es', 'Español'],
  ['fr', 'Français'],
  ['it', 'Italiano'],
  ['hu', 'Magyar'],
  ['nl', 'Nederlands'],
  ['pl', 'Polski'],
  ['pt-br', 'Português (Brasil)'],
  ['pt', 'Português (Portugal)'],
];

// langOf is a locale's BCP 47 tag, for lang and hreflang.
const langOf = (locale: string) => (locale === 'en-US' ? 'en' : locale === 'pt-br' ? 'pt-BR' : locale);

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
// in place. On the business's own pages, the languages the page is written
// in are marked (the rest show it in their frame, its text as written).
export function LanguageSwitcher() {
  const page = usePage();
  const current = page.locale === 'en' ? 'en-US' : page.locale;
  const search = page.path.includes('?') ? page.path.slice(page.path.indexOf('?')) : '';
  const here = LANGUAGES.find(([l]) => l === current) ?? LANGUAGES[2];
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
        <span lang={langOf(here[0])}>{here[1]}</span>
      </summary>
      <ul className={styles.list}>
        {LANGUAGES.map(([locale, name]) => (
          <li key={locale}>
            <Link
              to={languageHref(page.basePath, locale, search)}
              hrefLang={langOf(locale)}
              lang={langOf(locale)}
              aria-current={locale === current ? 'true' : undefined}
              className={page.langs?.includes(langOf(locale)) ? styles.written : undefined}
              onClick={(e) => {
                setPreference(LOCALE_COOKIE, locale);
                e.currentTarget.closest('details')?.removeAttribute('open');
              }}
            >
              {name}
            </Link>
          </li>
        ))}
      </ul>
    </details>
  );
}
