import { Form, Link, useNavigation } from 'react-router';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { Field, inputClass } from '../../components/Field';
import { LANGUAGES } from '../../components/LanguageSwitcher';
import type { AdminCalendarReminders, AdminSettingsPageData } from '../../generated/web';
import { FormattedMessage, useIntl } from '../../lib/i18n';
import { usePage } from '../../PageContext';
import { href } from '../../routes';
import styles from './Dashboard.module.css';

// SettingsScreen: route adminSettings, the business as its owner changes
// it: name, colour, logo, first language, how visitors reach it. Its
// time zone and currency are shown, not changed here (every booking's
// time and price hang on them). Each calendar's reminders are set here
// too. Payment accounts, webhooks and tokens have a page of their own
// (ConnectionsScreen); the content stays with the site's files.
export function SettingsScreen() {
  const page = usePage<AdminSettingsPageData>();
  const d = page.data;
  const busy = useNavigation().state !== 'idle';
  const failed = page.action;
  const value = (name: string, fallback: string) => failed?.values?.[name] ?? fallback;
  const error = (name: string) => failed?.fields?.[name]?.message;
  return (
    <section className={styles.narrow}>
      <h1 className={styles.title}>
        <FormattedMessage id="admin.settings.heading" />
      </h1>
      {d.done === 'saved' && (
        <p className={styles.notice} role="status">
          <FormattedMessage id="admin.settings.saved" />
        </p>
      )}
      {failed && !failed.fields && <Alert>{failed.message}</Alert>}
      <Form method="post" action={href('adminSettings', page.locale)} className={styles.stack} noValidate>
        <input type="hidden" name="idempotencyKey" value={d.formKey} />
        <input type="hidden" name="do" value="business" />
        <Field label={<FormattedMessage id="admin.settings.name" />} error={error('name')} required>
          {(c) => <input {...c} className={inputClass} name="name" defaultValue={value('name', d.name)} maxLength={200} required />}
        </Field>
        <Field label={<FormattedMessage id="admin.settings.colour.label" />} error={error('brandColor')}>
          {(c) => <input {...c} className={inputClass} type="color" name="brandColor" defaultValue={value('brandColor', d.brandColor)} />}
        </Field>
        <Field label={<FormattedMessage id="admin.settings.logo" />} hint={<FormattedMessage id="admin.settings.logoHint" />} error={error('logoUrl')}>
          {(c) => <input {...c} className={inputClass} type="url" name="logoUrl" defaultValue={value('logoUrl', d.logoUrl)} autoComplete="off" />}
        </Field>
        <Field label={<FormattedMessage id="admin.settings.language.label" />} hint={<FormattedMessage id="admin.settings.languageHint" />} error={error('defaultLocale')}>
          {(c) => (
            <select {...c} className={inputClass} name="defaultLocale" defaultValue={value('defaultLocale', d.defaultLocale)}>
              {LANGUAGES.map(([code, name]) => (
                <option key={code} value={code}>
                  {name}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label={<FormattedMessage id="admin.settings.email" />} hint={<FormattedMessage id="admin.settings.emailHint" />} error={error('email')}>
          {(c) => <input {...c} className={inputClass} type="email" name="email" defaultValue={value('email', d.email)} autoComplete="off" />}
        </Field>
        <Field label={<FormattedMessage id="admin.book.phone" />} error={error('phone')}>
          {(c) => <input {...c} className={inputClass} type="tel" name="phone" defaultValue={value('phone', d.phone)} autoComplete="off" />}
        </Field>
        <Field label={<FormattedMessage id="admin.settings.address" />} error={error('address')}>
          {(c) => <textarea {...c} className={inputClass} name="address" rows={3} defaultValue={value('address', d.address)} />}
        </Field>
        <p className={styles.small}>
          <FormattedMessage id="admin.settings.fixed" values={{ zone: d.timeZone, currency: d.currency }} />
        </p>
        <Button type="submit" disabled={busy} className={styles.start}>
          <FormattedMessage id="admin.settings.save" />
        </Button>
      </Form>
      <h2 className={styles.subheading} id="reminders">
        <FormattedMessage id="admin.settings.reminders.heading" />
      </h2>
      {d.done === 'reminders' && (
        <p className={styles.notice} role="status">
          <FormattedMessage id="admin.settings.reminders.saved" />
        </p>
      )}
      <p className={styles.small}>
        <FormattedMessage id="admin.settings.reminders.intro" />
      </p>
      {d.reminders.map((r) => (
        <CalendarReminders key={r.slug} r={r} formKey={d.formKey} busy={busy} />
      ))}
      <h2 className={styles.subheading}>
        <Link to={href('adminConnections', page.locale)}>
          <FormattedMessage id="admin.settings.connections" />
        </Link>
      </h2>
      <p className={styles.small}>
        <FormattedMessage id="admin.settings.elsewhere" />
      </p>
    </section>
  );
}

// CalendarReminders is one calendar's reminders, a form of its own; a
// refused save shows what was typed, under the field that wrote it.
function CalendarReminders(p: { r: AdminCalendarReminders; formKey: string; busy: boolean }) {
  const page = usePage<AdminSettingsPageData>();
  const failed = page.action?.values?.calendar === p.r.slug ? page.action : undefined;
  const value = (name: 'booker' | 'staff' | 'followUp') => failed?.values?.[name] ?? p.r[name];
  const error = (name: string) => failed?.fields?.[name]?.message;
  const intl = useIntl();
  const shown = (v: string) => v || intl.formatMessage({ id: 'admin.settings.reminders.none' });
  // A calendar at a time, folded to what it sends: eleven calendars' three
  // fields each would be a long page on a phone. A refused one is open.
  return (
    <details className={styles.fold} open={!!failed} id={`reminders-${p.r.slug}`}>
      <summary>
        <span className={styles.foldName}>{p.r.name}</span>{' '}
        <span className={styles.small}>
          <FormattedMessage id="admin.settings.reminders.summary" values={{ booker: shown(p.r.booker), staff: shown(p.r.staff), followUp: shown(p.r.followUp) }} />
        </span>
      </summary>
      {/* Its own anchor in the action: a refusal rendered without JavaScript opens where the form was. */}
      <Form method="post" action={`${href('adminSettings', page.locale)}#reminders-${p.r.slug}`} className={styles.stack} noValidate>
        <input type="hidden" name="idempotencyKey" value={p.formKey} />
        <input type="hidden" name="do" value="reminders" />
        <input type="hidden" name="calendar" value={p.r.slug} />
        {failed && !failed.fields && <Alert>{failed.message}</Alert>}
        <Field label={<FormattedMessage id="admin.settings.reminders.booker" />} error={error('booker')}>
          {(c) => <input {...c} className={inputClass} name="booker" defaultValue={value('booker')} autoComplete="off" spellCheck={false} />}
        </Field>
        <Field label={<FormattedMessage id="admin.settings.reminders.staff" />} error={error('staff')}>
          {(c) => <input {...c} className={inputClass} name="staff" defaultValue={value('staff')} autoComplete="off" spellCheck={false} />}
        </Field>
        <Field label={<FormattedMessage id="admin.settings.reminders.followUp" />} error={error('followUp')}>
          {(c) => <input {...c} className={inputClass} name="followUp" defaultValue={value('followUp')} autoComplete="off" spellCheck={false} />}
        </Field>
        <Button type="submit" variant="secondary" disabled={p.busy} className={styles.start}>
          <FormattedMessage id="admin.settings.reminders.save" values={{ calendar: p.r.name }} />
        </Button>
      </Form>
    </details>
  );
}
