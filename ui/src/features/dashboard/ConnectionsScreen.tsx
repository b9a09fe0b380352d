import { Form, useNavigation } from 'react-router';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { Field, FieldError, inputClass } from '../../components/Field';
import type { AdminConnectionsPageData, AdminSecret } from '../../generated/web';
import { FormattedMessage, useIntl } from '../../lib/i18n';
import { usePage } from '../../PageContext';
import { href } from '../../routes';
import { SignInAgain } from './SignInAgain';
import { DoneNotice } from './DoneNotice';
import styles from './Dashboard.module.css';

// The fields of each provider's keys, as its dashboard names them
// (payments.CredentialFields says the same on the server).
const KEYS: Record<string, string[]> = {
  stripe: ['secretKey', 'webhookSecret'],
  razorpay: ['keyId', 'keySecret', 'webhookSecret'],
  paypal: ['clientId', 'clientSecret', 'webhookId'],
};
const PROVIDER_NAMES: Record<string, string> = { stripe: 'Stripe', razorpay: 'Razorpay', paypal: 'PayPal' };

// ConnectionsScreen: route adminConnections, an owner's page of what the
// business's own systems reach it by: its payment accounts (keys written,
// never shown), webhook endpoints and admin API tokens. A new secret is
// shown once, on the answer to the form that made it. Adding any of them
// is a sensitive change: a session signed in long ago is offered a fresh
// link instead of the forms. Every control is a form.
export function ConnectionsScreen() {
  const page = usePage<AdminConnectionsPageData>();
  const intl = useIntl();
  const d = page.data;
  const busy = useNavigation().state !== 'idle';
  const failed = page.action;
  const here = href('adminConnections', page.locale);
  const date = (iso: string) => intl.formatDate(new Date(iso), { dateStyle: 'medium', timeZone: d.frame.business.timeZone });
  const sent = (name: string, value: string) => failed?.values?.[name] === value;
  const formFailed = (doing: string, provider?: string) => failed?.fields && sent('do', doing) && (!provider || sent('provider', provider));
  const hidden = (doing: string) => (
    <>
      <input type="hidden" name="idempotencyKey" value={d.formKey} />
      <input type="hidden" name="do" value={doing} />
    </>
  );
  return (
    <section className={styles.narrow}>
      <h1 className={styles.title}>
        <FormattedMessage id="admin.connections.heading" />
      </h1>
      <p className={styles.lead}>
        <FormattedMessage id="admin.connections.lead" />
      </p>
      <DoneNotice done={d.done} />
      {failed && !failed.fields && <Alert>{failed.message}</Alert>}
      {!d.recent && <SignInAgain action={here} formKey={d.formKey} busy={busy} lead="admin.connections.again" />}

      <h2 className={styles.subheading} id="payments">
        <FormattedMessage id="admin.connections.payments" />
      </h2>
      {d.providers.length === 0 ? (
        <p className={styles.small}>
          <FormattedMessage id="admin.connections.noPayments" />
        </p>
      ) : (
        <>
          <p className={styles.small}>
            <FormattedMessage id="admin.connections.paymentsLead" />
          </p>
          {d.accounts.length > 1 && (
            <Form method="post" action={`${here}#payments`} className={styles.row}>
              {hidden('choose')}
              <Field label={<FormattedMessage id="admin.connections.takesPayments" />} error={formFailed('choose') ? failed?.fields?.provider?.message : undefined}>
                {(c) => (
                  <select {...c} className={inputClass} name="provider" defaultValue={d.provider || d.accounts[0].provider}>
                    {d.accounts.map((a) => (
                      <option key={a.provider} value={a.provider}>
                        {PROVIDER_NAMES[a.provider]}
                      </option>
                    ))}
                  </select>
                )}
              </Field>
              <Button type="submit" variant="secondary" disabled={busy} className={styles.start}>
                <FormattedMessage id="admin.connections.choose" />
              </Button>
            </Form>
          )}
          {d.providers.map((provider) => {
            const account = d.accounts.find((a) => a.provider === provider);
            const refused = formFailed('connect', provider);
            const name = PROVIDER_NAMES[provider];
            return (
              <details key={provider} className={styles.fold} open={!!refused} id={`payments-${provider}`}>
                <summary>
                  <span className={styles.foldName}>{name}</span>{' '}
                  <span className={styles.small}>
                    {account ? (
                      <FormattedMessage id="admin.connections.connected" values={{ hint: account.hint, date: date(account.since) }} />
                    ) : (
                      <FormattedMessage id="admin.connections.notConnected" />
                    )}
                  </span>
                </summary>
                {d.recent && (
                  <Form method="post" action={`${here}#payments-${provider}`} className={styles.stack} noValidate autoComplete="off">
                    {hidden('connect')}
                    <input type="hidden" name="provider" value={provider} />
                    <p className={styles.small}>
                      <FormattedMessage id={account ? 'admin.connections.replaceLead' : 'admin.connections.connectLead'} />
                    </p>
                    {KEYS[provider].map((key) => (
                      <Field key={key} label={<FormattedMessage id={`admin.connections.key.${key}`} />} error={refused ? failed?.fields?.[key]?.message : undefined} required>
                        {(c) => <input {...c} className={inputClass} name={key} type={key === 'keyId' || key === 'clientId' || key === 'webhookId' ? 'text' : 'password'} autoComplete="off" spellCheck={false} required />}
                      </Field>
                    ))}
                    <Button type="submit" disabled={busy} className={styles.start}>
                      <FormattedMessage id={account ? 'admin.connections.replace' : 'admin.connections.connect'} values={{ provider: name }} />
                    </Button>
                  </Form>
                )}
                {account && (
                  <Form method="post" action={`${here}#payments`}>
                    {hidden('disconnect')}
                    <input type="hidden" name="provider" value={provider} />
                    <Button type="submit" variant="secondary" disabled={busy}>
                      <FormattedMessage id="admin.connections.disconnect" values={{ provider: name }} />
                    </Button>
                  </Form>
                )}
              </details>
            );
          })}
        </>
      )}

      <h2 className={styles.subheading} id="webhooks">
        <FormattedMessage id="admin.connections.webhooks" />
      </h2>
      <p className={styles.small}>
        <FormattedMessage id="admin.connections.webhooksLead" />
      </p>
      {d.secret?.kind === 'webhook' && <Revealed secret={d.secret} />}
      <ul className={`${styles.list} ${styles.spaced}`}>
        {d.webhooks.map((w) => (
          <li key={w.id} className={styles.passkey}>
            <div className={styles.what}>
              <span className={styles.name}>{w.url}</span>
              <span className={styles.meta}>
                {w.description && `${w.description} · `}
                {w.events.join(', ')}
              </span>
              {!w.enabled && (
                <span className={styles.meta}>
                  <FormattedMessage id="admin.connections.paused" /> {w.paused}
                </span>
              )}
            </div>
            <Form method="post" action={`${here}#webhooks`} className={styles.rowActions}>
              <input type="hidden" name="idempotencyKey" value={d.formKey} />
              <input type="hidden" name="id" value={w.id} />
              <Button type="submit" variant="secondary" name="do" value={w.enabled ? 'pauseWebhook' : 'resumeWebhook'} disabled={busy}>
                <FormattedMessage id={w.enabled ? 'admin.connections.pause' : 'admin.connections.resume'} />
              </Button>
              {d.recent && (
                <Button type="submit" variant="secondary" name="do" value="rotateWebhook" disabled={busy}>
                  <FormattedMessage id="admin.connections.rotate" />
                </Button>
              )}
              <Button type="submit" variant="secondary" name="do" value="removeWebhook" disabled={busy} aria-label={intl.formatMessage({ id: 'admin.connections.removeNamed' }, { name: w.url })}>
                <FormattedMessage id="admin.account.remove" />
              </Button>
            </Form>
          </li>
        ))}
      </ul>
      {d.recent && (
        <Form key={`webhook-${d.secret?.secret ?? ''}`} method="post" action={`${here}#webhooks`} className={styles.stack} noValidate>
          {hidden('addWebhook')}
          <Field label={<FormattedMessage id="admin.connections.url" />} error={formFailed('addWebhook') ? failed?.fields?.url?.message : undefined} required>
            {(c) => <input {...c} className={inputClass} type="url" name="url" defaultValue={formFailed('addWebhook') ? failed?.values?.url : ''} autoComplete="off" required />}
          </Field>
          <Field label={<FormattedMessage id="admin.connections.description" />}>
            {(c) => <input {...c} className={inputClass} name="description" defaultValue={formFailed('addWebhook') ? failed?.values?.description : ''} maxLength={500} autoComplete="off" />}
          </Field>
          <fieldset className={styles.checks} aria-describedby={formFailed('addWebhook') && failed?.fields?.events ? 'events-error' : undefined}>
            <legend className={styles.legend}>
              <FormattedMessage id="admin.connections.events" />
            </legend>
            {formFailed('addWebhook') && failed?.fields?.events && <FieldError id="events-error">{failed.fields.events.message}</FieldError>}
            {d.eventTypes.map((t) => (
              <label key={t} className={styles.check}>
                <input type="checkbox" name="events" value={t} defaultChecked={formFailed('addWebhook') ? failed?.lists?.events?.includes(t) || failed?.values?.events === t : false} /> <code>{t}</code>
              </label>
            ))}
          </fieldset>
          <Button type="submit" disabled={busy} className={styles.start}>
            <FormattedMessage id="admin.connections.addWebhook" />
          </Button>
        </Form>
      )}

      <h2 className={styles.subheading} id="tokens">
        <FormattedMessage id="admin.connections.tokens" />
      </h2>
      <p className={styles.small}>
        <FormattedMessage id="admin.connections.tokensLead" />
      </p>
      {d.secret?.kind === 'token' && <Revealed secret={d.secret} />}
      <ul className={`${styles.list} ${styles.spaced}`}>
        {d.tokens.map((t) => (
          <li key={t.name} className={styles.passkey}>
            <div className={styles.what}>
              <span className={styles.name}>{t.name}</span>
              <span className={styles.meta}>
                <FormattedMessage id={`admin.connections.scope.${t.scope}`} /> · <code>{t.prefix}…</code> ·{' '}
                <FormattedMessage id="admin.account.created" values={{ date: date(t.created) }} /> ·{' '}
                {t.lastUsed ? <FormattedMessage id="admin.connections.lastUsed" values={{ date: date(t.lastUsed) }} /> : <FormattedMessage id="admin.connections.neverUsed" />}
              </span>
            </div>
            <Form method="post" action={`${here}#tokens`}>
              {hidden('revokeToken')}
              <input type="hidden" name="name" value={t.name} />
              <Button type="submit" variant="secondary" disabled={busy} aria-label={intl.formatMessage({ id: 'admin.connections.revokeNamed' }, { name: t.name })}>
                <FormattedMessage id="admin.connections.revoke" />
              </Button>
            </Form>
          </li>
        ))}
      </ul>
      {d.recent && (
        <Form key={`token-${d.secret?.secret ?? ''}`} method="post" action={`${here}#tokens`} className={styles.stack} noValidate>
          {hidden('addToken')}
          <Field label={<FormattedMessage id="admin.connections.tokenName" />} error={formFailed('addToken') ? failed?.fields?.name?.message : undefined} required>
            {(c) => <input {...c} className={inputClass} name="name" maxLength={100} defaultValue={formFailed('addToken') ? failed?.values?.name : ''} autoComplete="off" required />}
          </Field>
          <Field label={<FormattedMessage id="admin.connections.scope" />} error={formFailed('addToken') ? failed?.fields?.scope?.message : undefined}>
            {(c) => (
              <select {...c} className={inputClass} name="scope" defaultValue={formFailed('addToken') ? failed?.values?.scope : 'read'}>
                <option value="read">{intl.formatMessage({ id: 'admin.connections.scope.read' })}</option>
                <option value="write">{intl.formatMessage({ id: 'admin.connections.scope.write' })}</option>
              </select>
            )}
          </Field>
          <Button type="submit" disabled={busy} className={styles.start}>
            <FormattedMessage id="admin.connections.addToken" />
          </Button>
        </Form>
      )}
    </section>
  );
}

// Revealed is a secret shown this once, under the heading of what made it
// (where the form's anchor brings the page back to), selectable whole.
function Revealed({ secret }: { secret: AdminSecret }) {
  return (
    <div className={`${styles.notice} ${styles.spaced}`} role="status">
      <p>
        <FormattedMessage id={`admin.connections.revealed.${secret.kind}`} values={{ name: secret.name }} />
      </p>
      <p>
        <code className={styles.secret}>{secret.secret}</code>
      </p>
      <p className={styles.small}>
        <FormattedMessage id="admin.connections.revealedOnce" />
      </p>
    </div>
  );
}
