import { Form, Link, useLocation, useNavigation } from 'react-router';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import type { AdminLinkPageData } from '../../generated/web';
import { FormattedMessage } from '../../lib/i18n';
import { href } from '../../routes';
import { usePage } from '../../PageContext';
import styles from './Dashboard.module.css';

// LinkScreen: route adminLink, what a mailed sign-in link opens. It names
// whom the link signs in, and only its button signs in: a mail scanner
// that opens the link uses nothing.
export function LinkScreen() {
  const page = usePage<AdminLinkPageData>();
  const { business, email, formKey } = page.data;
  const busy = useNavigation().state !== 'idle';
  const here = useLocation().pathname;
  const again = href('adminSignIn', page.locale);
  if (!email || page.action?.code === 'link_spent') {
    return (
      <>
        <h1 className={styles.title}>
          <FormattedMessage id="admin.link.spentTitle" />
        </h1>
        <p className={styles.lead}>
          <FormattedMessage id="admin.link.spent" />
        </p>
        <Link className={styles.primaryLink} to={again}>
          <FormattedMessage id="admin.link.again" />
        </Link>
      </>
    );
  }
  return (
    <>
      <h1 className={styles.title}>
        <FormattedMessage id="admin.link.heading" values={{ business: business.name }} />
      </h1>
      <p className={styles.lead}>
        <FormattedMessage id="admin.link.as" values={{ email, b: (chunks) => <strong>{chunks}</strong> }} />
      </p>
      <Form method="post" action={here} className={styles.stack}>
        <input type="hidden" name="idempotencyKey" value={formKey} />
        {page.action && <Alert>{page.action.message}</Alert>}
        <Button type="submit" block busy={busy}>
          <FormattedMessage id="admin.link.button" />
        </Button>
      </Form>
      <p className={styles.small}>
        <FormattedMessage id="admin.link.notYou" />
      </p>
    </>
  );
}
