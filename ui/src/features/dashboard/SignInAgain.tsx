import { Form } from 'react-router';
import { Button } from '../../components/Button';
import { FormattedMessage } from '../../lib/i18n';
import styles from './Dashboard.module.css';

// SignInAgain offers a session too old for a sensitive change (adding a
// passkey, inviting or removing a person) a fresh link by mail: the
// page's own action mails it (do=signInAgain).
export function SignInAgain({ action, formKey, busy, lead }: { action: string; formKey: string; busy: boolean; lead: string }) {
  return (
    <Form method="post" action={action} className={styles.stack}>
      <p className={styles.small}>
        <FormattedMessage id={lead} />
      </p>
      <input type="hidden" name="idempotencyKey" value={formKey} />
      <Button type="submit" variant="secondary" name="do" value="signInAgain" disabled={busy} className={styles.start}>
        <FormattedMessage id="admin.account.sendLink" />
      </Button>
    </Form>
  );
}
