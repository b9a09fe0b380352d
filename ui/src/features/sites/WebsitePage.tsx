import { FormattedDate, FormattedMessage } from '../../lib/i18n';
import { usePage } from '../../PageContext';
import { ScreenSummary } from '../../components/ScreenSummary';
import { Reveal } from './Reveal';
import styles from './Site.module.css';
import type { SiteData } from './types';

// WebsitePage is the one page view of the website: pages now; posts,
// categories, authors, tags, products and collections show their route
// until their content types arrive.
export function WebsitePage() {
  const page = usePage<SiteData>();
  const content = page.data.page;
  if (!content) return <ScreenSummary />;
  return (
    <article className={styles.article}>
      <h1>{content.title}</h1>
      <p className={styles.meta}>
        <FormattedMessage
          id="site.updated"
          values={{ date: <FormattedDate value={content.updatedAt} dateStyle="long" timeZone="UTC" /> }}
        />
      </p>
      {(content.paragraphs ?? []).map((p, i) => (
        <Reveal key={i} as="div">
          <p>{p}</p>
        </Reveal>
      ))}
    </article>
  );
}
