import { Form, Link } from 'react-router';
import { Button } from '../../components/Button';
import { Field, inputClass } from '../../components/Field';
import type { AdminWhyPageData, AdminWhyReason } from '../../generated/web';
import { FormattedMessage, useIntl } from '../../lib/i18n';
import { usePage } from '../../PageContext';
import { href } from '../../routes';
import { timeRange } from './when';
import styles from './Dashboard.module.css';

// WhyScreen: route adminWhy, "why is this time not free?". The question
// is a GET form (the answer is an address: Back, reload and sharing show
// it again); the answer names each reason, and the booking in the way
// links to its page.
export function WhyScreen() {
  const page = usePage<AdminWhyPageData>();
  const intl = useIntl();
  const d = page.data;
  const zone = d.frame.business.timeZone;
  const here = href('adminWhy', page.locale);
  const a = d.answer;
  return (
    <section className={styles.booking}>
      <h1 className={styles.title}>
        <FormattedMessage id="admin.why.heading" />
      </h1>
      <p className={styles.lead}>
        <FormattedMessage id="admin.why.lead" />
      </p>
      <Form method="get" action={here} className={styles.stack}>
        <div className={styles.row}>
          <Field label={<FormattedMessage id="admin.why.calendar" />} error={d.errors.calendar}>
            {(c) => (
              <select {...c} className={inputClass} name="calendar" defaultValue={d.calendar}>
                {d.calendars.map((o) => (
                  <option key={o.slug} value={o.slug}>
                    {o.name}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field label={<FormattedMessage id="admin.why.person" />} error={d.errors.staff}>
            {(c) => (
              <select {...c} className={inputClass} name="staff" defaultValue={d.person}>
                {d.frame.role !== 'staff' && <option value="">{intl.formatMessage({ id: 'admin.why.anyone' })}</option>}
                {d.staff.map((o) => (
                  <option key={o.slug} value={o.slug}>
                    {o.name}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field label={<FormattedMessage id="admin.why.date" />} error={d.errors.date}>
            {(c) => <input {...c} className={inputClass} type="date" name="date" defaultValue={d.date} required />}
          </Field>
          <Field label={<FormattedMessage id="admin.why.time" />} hint={<FormattedMessage id="admin.why.zone" values={{ zone }} />} error={d.errors.time}>
            {(c) => <input {...c} className={inputClass} type="time" name="time" defaultValue={d.time} required />}
          </Field>
        </div>
        <Button type="submit" className={styles.start}>
          <FormattedMessage id="admin.why.check" />
        </Button>
      </Form>
      {a && (
        <div className={styles.effect} role="status">
          <h2 className={styles.subheading}>
            {a.calendar}, {intl.formatDate(new Date(a.start), { weekday: 'long', day: 'numeric', month: 'long', hour: 'numeric', minute: '2-digit', timeZone: zone })}
          </h2>
          <p className={styles.name}>
            {a.free ? (
              <FormattedMessage id="admin.why.free" values={{ names: intl.formatList(a.people.filter((p) => p.free).map((p) => p.name)) }} />
            ) : (
              <FormattedMessage id="admin.why.notFree" />
            )}
          </p>
          {a.reasons.length > 0 && (
            <ul className={styles.history}>
              {a.reasons.map((r, i) => (
                <li key={i}>
                  <Reason r={r} zone={zone} step={a.step} person="" locale={page.locale} />
                </li>
              ))}
            </ul>
          )}
          {a.people.map((p) => (
            <div key={p.name}>
              <h3 className={styles.dayHeading}>
                {p.name}: <FormattedMessage id={p.free ? 'admin.why.personFree' : 'admin.why.personNotFree'} />
              </h3>
              {p.reasons.length > 0 && (
                <ul className={styles.history}>
                  {p.reasons.map((r, i) => (
                    <li key={i}>
                      <Reason r={r} zone={zone} step={a.step} person={p.name} locale={page.locale} />
                    </li>
                  ))}
                </ul>
              )}
            </div>
          ))}
        </div>
      )}
    </section>
  );
}

// Reason tells one reason in words, naming what it names.
function Reason({ r, zone, step, person, locale }: { r: AdminWhyReason; zone: string; step: number; person: string; locale: string }) {
  const intl = useIntl();
  const when = (iso: string) => intl.formatDate(new Date(iso), { dateStyle: 'medium', timeStyle: 'short', timeZone: zone });
  const span = r.from && r.to ? timeRange(intl, r.from, r.to, zone) : '';
  const values = {
    name: person,
    hours: r.hours ?? '',
    limit: r.limit ?? 0,
    at: r.at ? when(r.at) : '',
    step,
    calendar: r.calendar ?? '',
    time: span,
    client: r.name ?? '',
  };
  const id = r.code === 'outside_hours' && !r.hours ? 'admin.why.reason.dayOff' : `admin.why.reason.${r.code}`;
  const text = <FormattedMessage id={r.booking || !['booked', 'payment_hold', 'buffer'].includes(r.code) ? id : `${id}.unnamed`} values={values} />;
  if (!r.booking) return text;
  return <Link to={href('adminBooking', locale, { id: r.booking })}>{text}</Link>;
}
