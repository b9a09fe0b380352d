import { FormattedMessage } from '../lib/i18n';
import { usePage } from '../PageContext';
import styles from './ScreenSummary.module.css';

// ScreenSummary is what a screen shows when it has nothing of its own to
// show (a feature not built, a payload without data): its heading, its
// lead and the parameters its route was opened with. The ids are written
// out by each caller, so a page carries only its own.
export function ScreenSummary({ title, lead }: { title: string; lead: string }) {
  const page = usePage();
  const params = Object.entries(page.params);
  return (
    <>
      <h1>
        <FormattedMessage id={title} />
      </h1>
      <p className={styles.lead}>
        <FormattedMessage id={lead} />
      </p>
      {params.length > 0 && (
        <dl className={styles.params}>
          {params.map(([k, v]) => (
            <div key={k} className={styles.contents}>
              <dt>{k}</dt>
              <dd data-param={k}>{v}</dd>
            </div>
          ))}
        </dl>
      )}
    </>
  );
}
