import { FormattedMessage } from '../../lib/i18n';
import { usePage } from '../../PageContext';
import styles from './Site.module.css';

// UntranslatedNote tells a visitor why a page or post reads in another
// language than the one they chose: the business has not translated it
// (yet), so its original is shown, marked with its language.
export function UntranslatedNote() {
  const { contentLang } = usePage();
  if (!contentLang) return null;
  return (
    <p className={styles.previewNote} role="note">
      <FormattedMessage id="site.untranslated" />
    </p>
  );
}
