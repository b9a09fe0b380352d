import { useEffect, useRef, useState } from 'react';
import { Form, useNavigation } from 'react-router';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { Field, inputClass } from '../../components/Field';
import type { AdminSignInPageData } from '../../generated/web';
import { FormattedMessage, useIntl } from '../../lib/i18n';
import { href } from '../../routes';
import { usePage } from '../../PageContext';
import { passkeysWork, signInWithPasskey, type Outcome } from './passkeys';
import styles from './Dashboard.module.css';

// SignInScreen: route adminSignIn. The address gets a link that signs in
// once; the answer is the same whether or not the address is one of the
// business's people, so the page never tells who is.
export function SignInScreen() {
  const page = usePage<AdminSignInPageData>();
  const { business, state, minutes } = page.data;
  const failed = page.action;
  const busy = useNavigation().state !== 'idle';
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (failed?.fields?.email) input.current?.focus();
  }, [failed]);
  const passkey = usePasskeySignIn(page.locale);
  return (
    <>
      <h1 className={styles.title}>
        <FormattedMessage id="admin.signIn.heading" values={{ business: business.name }} />
      </h1>
      {state === 'sent' && (
        <p className={styles.notice} role="status">
          <FormattedMessage id="admin.signIn.sent" values={{ minutes }} />
        </p>
      )}
      {state === 'out' && (
        <p className={styles.notice} role="status">
          <FormattedMessage id="admin.signIn.out" />
        </p>
      )}
      <p className={styles.lead}>
        <FormattedMessage id="admin.signIn.lead" values={{ minutes }} />
      </p>
      <Form method="post" action={href('adminSignIn', page.locale)} className={styles.stack} noValidate>
        <Field label={<FormattedMessage id="admin.signIn.email" />} error={failed?.fields?.email?.message} required>
          {(c) => (
            <input
              {...c}
              ref={input}
              className={inputClass}
              type="email"
              name="email"
              autoComplete="username webauthn"
              inputMode="email"
              defaultValue={failed?.values?.email ?? ''}
              required
            />
          )}
        </Field>
        {failed && !failed.fields && <Alert>{failed.message}</Alert>}
        <Button type="submit" block busy={busy}>
          <FormattedMessage id="admin.signIn.send" />
        </Button>
      </Form>
      {passkey.offered && (
        <div className={styles.stack}>
          <p className={styles.or}>
            <FormattedMessage id="admin.signIn.or" />
          </p>
          {passkey.error && <Alert>{passkey.error}</Alert>}
          <Button type="button" variant="secondary" block busy={passkey.busy} onClick={passkey.now}>
            <FormattedMessage id="admin.passkey.signIn" />
          </Button>
        </div>
      )}
    </>
  );
}

// usePasskeySignIn offers the browser's passkeys for this site: in the
// address field's suggestions as soon as the page runs (conditional
// mediation, where the browser has it), and behind a button. Signed in,
// the dashboard loads in full, with its session.
function usePasskeySignIn(locale: string) {
  const intl = useIntl();
  const [offered, setOffered] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const waiting = useRef<AbortController | null>(null);
  const generic = intl.formatMessage({ id: 'admin.passkey.failed' });
  const done = (o: Outcome) => {
    if (o.ok) window.location.assign(o.redirect ?? href('adminBookings', locale));
    else if (o.message) setError(o.message);
  };
  useEffect(() => {
    if (!passkeysWork()) return;
    setOffered(true);
    const ctrl = new AbortController();
    waiting.current = ctrl;
    void PublicKeyCredential.isConditionalMediationAvailable?.().then((yes) => {
      if (yes && !ctrl.signal.aborted) void signInWithPasskey(generic, true, ctrl.signal).then(done, () => {});
    });
    return () => ctrl.abort();
    // Once a page: the suggestions wait as long as it shows.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const now = async () => {
    waiting.current?.abort(); // one request for credentials at a time
    setBusy(true);
    setError(null);
    const outcome = await signInWithPasskey(generic, false).catch(() => ({ ok: false as const, message: generic }));
    setBusy(false);
    done(outcome);
  };
  return { offered, busy, error, now };
}
