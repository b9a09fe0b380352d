import { useEffect, useRef } from 'react';
import { Form, useNavigation } from 'react-router';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { Field, inputClass } from '../../components/Field';
import type { AdminSignInPageData } from '../../generated/web';
import { FormattedMessage } from '../../lib/i18n';
import { href } from '../../routes';
import { usePage } from '../../PageContext';
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
              autoComplete="email"
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
    </>
  );
}
