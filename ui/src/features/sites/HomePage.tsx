import { FormattedMessage } from '../../lib/i18n';
import { Link } from 'react-router';
import { usePage } from '../../PageContext';
import { Reveal } from './Reveal';
import styles from './Site.module.css';
import type { SiteData } from './types';

export function HomePage() {
  const page = usePage<SiteData>();
  const { page: content, links } = page.data;
  return (
    <>
      <div className={styles.hero}>
        <h1>{content ? content.title : <FormattedMessage id="home.title" />}</h1>
        <p className={styles.lead}>{content ? content.description : <FormattedMessage id="home.description" />}</p>
      </div>
      <Reveal>
        <h2>
          <FormattedMessage id="home.try" />
        </h2>
        <ul className={styles.links}>
          {(links ?? []).map((l) => (
            <li key={l.href}>
              <Link to={l.href}>
                {l.label}
              </Link>
            </li>
          ))}
        </ul>
      </Reveal>
      {content?.paragraphs?.map((p, i) => (
        <Reveal key={i}>
          <p className={styles.lead}>{p}</p>
        </Reveal>
      ))}
    </>
  );
}
