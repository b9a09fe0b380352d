import { useState } from 'react';
import { Form, useNavigation } from 'react-router';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { Field, inputClass } from '../../components/Field';
import type { AdminPeoplePageData } from '../../generated/web';
import { FormattedMessage, useIntl } from '../../lib/i18n';
import { usePage } from '../../PageContext';
import { href } from '../../routes';
import { SignInAgain } from './SignInAgain';
import { DoneNotice } from './DoneNotice';
import styles from './Dashboard.module.css';

const ROLES = ['owner', 'desk', 'staff'] as const;

// PeopleScreen: route adminPeople, an owner's page of who signs in to the
// business's dashboard. Inviting is a sensitive change: a session signed
// in long ago is offered a fresh link first. Every control is a form.
export function PeopleScreen() {
  const page = usePage<AdminPeoplePageData>();
  const intl = useIntl();
  const d = page.data;
  const busy = useNavigation().state !== 'idle';
  const failed = page.action;
  const here = href('adminPeople', page.locale);
  const [role, setRole] = useState(failed?.values?.role ?? 'desk');
  const date = (iso: string) => intl.formatDate(new Date(iso), { dateStyle: 'medium', timeZone: d.frame.business.timeZone });
  return (
    <section className={styles.narrow}>
      <h1 className={styles.title}>
        <FormattedMessage id="admin.people.heading" />
      </h1>
      <p className={styles.lead}>
        <FormattedMessage id="admin.people.lead" />
      </p>
      <DoneNotice done={d.done} />
      {failed && !failed.fields && <Alert>{failed.message}</Alert>}
      <ul className={styles.list}>
        {d.people.map((p) => (
          <li key={p.email} className={styles.passkey}>
            <div className={styles.what}>
              <span className={styles.name}>
                {p.email} {p.you && <FormattedMessage id="admin.people.you" />}
              </span>
              <span className={styles.meta}>
                <FormattedMessage id={`admin.role.${p.role}`} />
                {p.staff && ` · ${p.staff}`} · <FormattedMessage id="admin.account.created" values={{ date: date(p.added) }} />
              </span>
            </div>
            <Form method="post" action={here}>
              <input type="hidden" name="idempotencyKey" value={d.formKey} />
              <input type="hidden" name="email" value={p.email} />
              <Button type="submit" variant="secondary" name="do" value="remove" disabled={busy} aria-label={intl.formatMessage({ id: 'admin.people.removeNamed' }, { email: p.email })}>
                <FormattedMessage id="admin.account.remove" />
              </Button>
            </Form>
          </li>
        ))}
      </ul>
      <h2 className={styles.subheading}>
        <FormattedMessage id="admin.people.invite" />
      </h2>
      {d.recent ? (
        <Form method="post" action={here} className={styles.stack} noValidate>
          <input type="hidden" name="idempotencyKey" value={d.formKey} />
          <Field label={<FormattedMessage id="admin.signIn.email" />} error={failed?.fields?.email?.message} required>
            {(c) => <input {...c} className={inputClass} type="email" name="email" autoComplete="off" defaultValue={failed?.values?.email ?? ''} required />}
          </Field>
          <Field label={<FormattedMessage id="admin.people.role" />} error={failed?.fields?.role?.message}>
            {(c) => (
              <select {...c} className={inputClass} name="role" value={role} onChange={(e) => setRole(e.target.value)}>
                {ROLES.map((r) => (
                  <option key={r} value={r}>
                    {intl.formatMessage({ id: `admin.people.role.${r}` })}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field label={<FormattedMessage id="admin.people.staff" />} hint={<FormattedMessage id="admin.people.staffHint" />} error={failed?.fields?.staff?.message}>
            {(c) => (
              <select {...c} className={inputClass} name="staff" defaultValue={failed?.values?.staff ?? ''}>
                <option value="">—</option>
                {d.staff.map((s) => (
                  <option key={s.slug} value={s.slug}>
                    {s.name}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Button type="submit" name="do" value="invite" disabled={busy} className={styles.start}>
            <FormattedMessage id="admin.people.send" />
          </Button>
        </Form>
      ) : (
        <SignInAgain action={here} formKey={d.formKey} busy={busy} lead="admin.people.again" />
      )}
    </section>
  );
}
