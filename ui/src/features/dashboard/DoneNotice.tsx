import { FormattedMessage } from '../../lib/i18n';
import styles from './Dashboard.module.css';

// DoneNotice says, once, what the last change on a screen did (the page's
// `done`, admin.done.*), where assistive technology hears it.
export function DoneNotice({ done }: { done?: string }) {
  if (!done) return null;
  return (
    <p className={styles.notice} role="status">
      <FormattedMessage id={`admin.done.${done}`} />
    </p>
  );
}
