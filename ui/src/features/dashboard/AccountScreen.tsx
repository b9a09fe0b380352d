import { useState } from 'react';
import { Form, useNavigate, useNavigation } from 'react-router';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import type { AdminAccountPageData } from '../../generated/web';
import { FormattedMessage, useIntl } from '../../lib/i18n';
import { usePage } from '../../PageContext';
import { href } from '../../routes';
import { useHydrated } from './hydrated';
import { addPasskey, passkeysWork } from './passkeys';
import { SignInAgain } from './SignInAgain';
import { DoneNotice } from './DoneNotice';
import styles from './Dashboard.module.css';

// AccountScreen: route adminAccount, the signed-in person's passkeys. One
// is added in the browser (WebAuthn needs JavaScript) from a session
// signed in within half an hour; an older one is offered a fresh link by
// mail first. Removing one is a form.
export function AccountScreen() {
  const page = usePage<AdminAccountPageData>();
  const intl = useIntl();
  const d = page.data;
  const busy = useNavigation().state !== 'idle';
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const [adding, setAdding] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const here = href('adminAccount', page.locale);
  const date = (iso: string) => intl.formatDate(new Date(iso), { dateStyle: 'medium', timeZone: d.frame.business.timeZone });
  const add = async () => {
    setAdding(true);
    setError(null);
    const outcome = await addPasskey(intl.formatMessage({ id: 'admin.passkey.failed' }));
    setAdding(false);
    if (outcome.ok) navigate(href('adminAccount', page.locale, {}, { query: { done: 'added' } }));
    else if (outcome.message) setError(outcome.message);
  };
  return (
    <section className={styles.narrow}>
      <h1 className={styles.title}>
        <FormattedMessage id="admin.account.heading" />
      </h1>
      <p className={styles.lead}>
        <FormattedMessage id="admin.account.lead" />
      </p>
      <DoneNotice done={d.done} />
      {(error || page.action) && <Alert>{error ?? page.action?.message}</Alert>}
      {d.passkeys.length === 0 ? (
        <p className={styles.empty}>
          <FormattedMessage id="admin.account.none" />
        </p>
      ) : (
        <ul className={styles.list}>
          {d.passkeys.map((p) => (
            <li key={p.id} className={styles.passkey}>
              <div className={styles.what}>
                <span className={styles.name}>{p.name}</span>
                <span className={styles.meta}>
                  <FormattedMessage id="admin.account.created" values={{ date: date(p.created) }} />
                  {p.lastUsed && (
                    <>
                      {' · '}
                      <FormattedMessage id="admin.account.lastUsed" values={{ date: date(p.lastUsed) }} />
                    </>
                  )}
                </span>
              </div>
              <Form method="post" action={here}>
                <input type="hidden" name="idempotencyKey" value={d.formKey} />
                <input type="hidden" name="id" value={p.id} />
                <Button type="submit" variant="secondary" name="do" value="remove" disabled={busy} aria-label={intl.formatMessage({ id: 'admin.account.removeNamed' }, { name: p.name })}>
                  <FormattedMessage id="admin.account.remove" />
                </Button>
              </Form>
            </li>
          ))}
        </ul>
      )}
      {hydrated && !passkeysWork() ? (
        <p className={styles.small}>
          <FormattedMessage id="admin.passkey.unavailable" />
        </p>
      ) : d.recent ? (
        hydrated ? (
          <p className={styles.row}>
            <Button type="button" onClick={add} busy={adding} disabled={adding}>
              <FormattedMessage id="admin.account.add" />
            </Button>
          </p>
        ) : (
          <p className={styles.small}>
            <FormattedMessage id="admin.account.needsScript" />
          </p>
        )
      ) : (
        <SignInAgain action={here} formKey={d.formKey} busy={busy} lead="admin.account.again" />
      )}
    </section>
  );
}
