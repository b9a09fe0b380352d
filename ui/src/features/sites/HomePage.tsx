import { FormattedMessage } from '../../lib/i18n';
import { Link } from 'react-router';
import { usePage } from '../../PageContext';
import { useTextLang } from './textLang';
import { UntranslatedNote } from './UntranslatedNote';
import { href } from '../../routes';
import { Reveal } from './Reveal';
import styles from './Site.module.css';
import type { SiteData } from './types';

const GROUPS = ['book', 'forms', 'site'] as const;

// HomePage opens with the business and one main action, booking (beside
// it, the first page of the menu); below, everything the demo offers,
// grouped by what it does, in tiles of one height per row.
export function HomePage() {
  const { data, locale, siteName } = usePage<SiteData>();
  const { page: content, links, nav, book } = data;
  const next = nav?.[0];
  const lang = useTextLang();
  const nextLang = useTextLang(next?.lang);
  return (
    <>
      <div className={styles.hero}>
        {content && <UntranslatedNote />}
        <h1 lang={content ? lang : undefined}>{content ? content.title : siteName}</h1>
        <p className={styles.lead} lang={content ? lang : undefined}>
          {content ? content.description : <FormattedMessage id="home.description" />}
        </p>
        {content?.paragraphs?.map((p, i) => (
          <p key={i} className={styles.heroText} lang={lang}>
            {p}
          </p>
        ))}
        {(book || next) && (
          <p className={styles.actions}>
            {book && (
              <Link className={styles.button} to={book}>
                <FormattedMessage id="home.cta" />
              </Link>
            )}
            {next && (
              <Link className={styles.secondary} to={href('website', locale, { path: next.path }, { kind: 'page' })} lang={nextLang}>
                {next.title}
              </Link>
            )}
          </p>
        )}
      </div>
      {links?.length ? (
        <Reveal>
          <h2>
            <FormattedMessage id="home.try" />
          </h2>
          {GROUPS.map((g) => {
            const group = links.filter((l) => l.group === g);
            if (!group.length) return null;
            return (
              <section key={g} className={styles.group} aria-labelledby={`home-${g}`}>
                <h3 id={`home-${g}`}>
                  <FormattedMessage id={`home.group.${g}`} />
                </h3>
                <ul className={styles.links}>
                  {group.map((l) => (
                    <li key={l.href}>
                      <Link to={l.href}>{l.label}</Link>
                    </li>
                  ))}
                </ul>
              </section>
            );
          })}
        </Reveal>
      ) : null}
    </>
  );
}
