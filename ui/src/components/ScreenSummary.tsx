import { FormattedMessage } from '../lib/i18n';
import { usePage } from '../PageContext';
import styles from './ScreenSummary.module.css';

// ScreenSummary is what a screen shows until its feature is built: its
// heading and the parameters its route was opened with.
export function ScreenSummary() {
  const page = usePage();
  const params = Object.entries(page.params);
  return (
    <>
      <h1>
        <FormattedMessage id={`screen.${page.route}.title`} />
      </h1>
      <p className={styles.lead}>
        <FormattedMessage id={`screen.${page.route}.lead`} />
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
