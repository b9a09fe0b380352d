import { Form, useNavigation } from 'react-router';
import { Button } from '../../components/Button';
import type { AdminSignOutPageData } from '../../generated/web';
import { FormattedMessage } from '../../lib/i18n';
import { href } from '../../routes';
import { usePage } from '../../PageContext';
import styles from './Dashboard.module.css';

// SignOutScreen: route adminSignOut. Sign out of this browser, or of every
// browser the person is signed in on (a lost phone, a shared computer).
export function SignOutScreen() {
  const page = usePage<AdminSignOutPageData>();
  const busy = useNavigation().state !== 'idle';
  const action = href('adminSignOut', page.locale);
  return (
    <section className={styles.narrow}>
      <h1 className={styles.title}>
        <FormattedMessage id="admin.signOut.title" />
      </h1>
      <p className={styles.lead}>
        <FormattedMessage id="admin.signOut.lead" values={{ email: page.data.frame.email }} />
      </p>
      <Form method="post" action={action} className={styles.row}>
        <Button type="submit" busy={busy}>
          <FormattedMessage id="admin.signOut.here" />
        </Button>
        <Button type="submit" variant="secondary" name="everywhere" value="1" disabled={busy}>
          <FormattedMessage id="admin.signOut.everywhere" />
        </Button>
      </Form>
    </section>
  );
}
