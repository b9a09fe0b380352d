import { Form, Link, useLocation, useNavigation } from 'react-router';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { Field, inputClass } from '../../components/Field';
import type { AdminAvailabilityPageData, AdminProposal } from '../../generated/web';
import { FormattedMessage, useIntl, type IntlShape } from '../../lib/i18n';
import { usePage } from '../../PageContext';
import { href } from '../../routes';
import { timeRange } from './when';
import styles from './Dashboard.module.css';

const STATES = ['ok', 'partial', 'error', 'syncing'];

// AvailabilityScreen: route adminAvailability, a person's weekly hours,
// time off and other hours, calendar connections and agenda mail. Hours
// and time off are reviewed before they are saved: the review is the
// page again with the change in its address, showing the hours of the
// next weeks and the bookings the change leaves outside; saving saves
// what was reviewed. Every control is a form, so all of it works without
// JavaScript.
export function AvailabilityScreen() {
  const page = usePage<AdminAvailabilityPageData>();
  const intl = useIntl();
  const d = page.data;
  const busy = useNavigation().state !== 'idle';
  const loc = useLocation();
  const failed = page.action;
  const base = href('adminAvailability', page.locale, { staff: d.staff });
  const reviewing = loc.pathname + loc.search; // saving posts what this address reviewed
  const hoursProposal = d.proposal?.kind === 'hours' ? d.proposal : undefined;
  const offProposal = d.proposal?.kind === 'off' ? d.proposal : undefined;
  const value = (name: string, fallback: string) => failed?.values?.[name] ?? fallback;
  const error = (name: string) => failed?.fields?.[name]?.message;
  return (
    <section className={styles.booking}>
      <h1 className={styles.title}>
        <FormattedMessage id="admin.availability.heading" />
      </h1>
      {d.people.length > 1 && (
        <nav className={styles.tabs} aria-label={intl.formatMessage({ id: 'admin.availability.people' })}>
          {d.people.map((p) => (
            <Link key={p.slug} to={href('adminAvailability', page.locale, { staff: p.slug })} aria-current={p.slug === d.staff ? 'page' : undefined}>
              {p.name}
            </Link>
          ))}
        </nav>
      )}
      <p className={styles.lead}>
        <FormattedMessage id="admin.availability.lead" values={{ name: d.name, zone: d.timeZone }} />
      </p>
      {d.done && (
        <p className={styles.notice} role="status">
          <FormattedMessage id={`admin.availability.${d.done}`} />
        </p>
      )}
      {failed && !failed.fields && <Alert>{failed.message}</Alert>}

      <h2 className={styles.subheading}>
        <FormattedMessage id="admin.hours.heading" />
      </h2>
      <Form method="post" action={hoursProposal ? reviewing : base} className={styles.stack} noValidate>
        <input type="hidden" name="idempotencyKey" value={d.formKey} />
        <p className={styles.small}>
          <FormattedMessage id="admin.hours.hint" />
        </p>
        <div className={styles.week}>
          {d.week.map((day) => (
            <Field key={day.day} label={weekdayName(intl, day.day)} error={error(day.day)}>
              {(c) => (
                <input
                  {...c}
                  className={inputClass}
                  name={day.day}
                  defaultValue={value(day.day, day.hours)}
                  placeholder={intl.formatMessage({ id: 'admin.hours.off' })}
                  autoComplete="off"
                  spellCheck={false}
                />
              )}
            </Field>
          ))}
        </div>
        {hoursProposal && <Effect proposal={hoursProposal} zone={d.timeZone} locale={page.locale} />}
        <ReviewButtons reviewing={!!hoursProposal} what="Hours" busy={busy} discard={base} />
      </Form>

      <h2 className={styles.subheading}>
        <FormattedMessage id="admin.off.heading" />
      </h2>
      {d.timeOff.length === 0 ? (
        <p className={styles.small}>
          <FormattedMessage id="admin.off.none" />
        </p>
      ) : (
        <ul className={styles.list}>
          {d.timeOff.map((o) => (
            <li key={o.from} className={styles.passkey}>
              <div className={styles.what}>
                <span className={styles.name}>{dateRange(intl, o.from, o.to)}</span>
                <span className={styles.meta}>{o.hours || <FormattedMessage id="admin.off.dayOff" />}</span>
              </div>
              <Form method="post" action={base}>
                <input type="hidden" name="idempotencyKey" value={d.formKey} />
                <input type="hidden" name="from" value={o.from} />
                <input type="hidden" name="to" value={o.to} />
                <Button type="submit" variant="secondary" name="do" value="removeOff" disabled={busy} aria-label={intl.formatMessage({ id: 'admin.off.removeNamed' }, { days: dateRange(intl, o.from, o.to) })}>
                  <FormattedMessage id="admin.account.remove" />
                </Button>
              </Form>
            </li>
          ))}
        </ul>
      )}
      <Form method="post" action={offProposal ? reviewing : base} className={styles.stack} noValidate>
        <input type="hidden" name="idempotencyKey" value={d.formKey} />
        <div className={styles.row}>
          <Field label={<FormattedMessage id="admin.off.from" />} error={error('from')} required>
            {(c) => <input {...c} className={inputClass} type="date" name="from" defaultValue={value('from', offProposal?.from ?? '')} required />}
          </Field>
          <Field label={<FormattedMessage id="admin.off.to" />} error={error('to')}>
            {(c) => <input {...c} className={inputClass} type="date" name="to" defaultValue={value('to', offProposal?.to ?? '')} />}
          </Field>
        </div>
        <Field label={<FormattedMessage id="admin.off.hours" />} hint={<FormattedMessage id="admin.off.hoursHint" />} error={error('hours')}>
          {(c) => <input {...c} className={inputClass} name="hours" defaultValue={value('hours', offProposal?.hours ?? '')} autoComplete="off" spellCheck={false} />}
        </Field>
        {offProposal && <Effect proposal={offProposal} zone={d.timeZone} locale={page.locale} />}
        <ReviewButtons reviewing={!!offProposal} what="Off" busy={busy} discard={base} />
      </Form>

      <h2 className={styles.subheading}>
        <FormattedMessage id="admin.calendars.heading" />
      </h2>
      {d.connections.length === 0 ? (
        <p className={styles.small}>
          <FormattedMessage id="admin.calendars.none" />
        </p>
      ) : (
        <ul className={styles.list}>
          {d.connections.map((c, i) => (
            <li key={i} className={styles.passkey}>
              <div className={styles.what}>
                <span className={styles.name}>
                  {c.host} · {c.calendars.join(', ')}
                </span>
                <span className={styles.meta}>
                  <FormattedMessage id={`admin.calendars.state.${STATES.includes(c.state) ? c.state : 'new'}`} />
                  {c.lastSync && (
                    <>
                      {' · '}
                      <FormattedMessage id="admin.calendars.synced" values={{ when: intl.formatDate(new Date(c.lastSync), { dateStyle: 'medium', timeStyle: 'short', timeZone: d.timeZone }) }} />
                    </>
                  )}
                </span>
                {(c.error || c.leftOut) && <span className={styles.reason}>{c.error || c.leftOut}</span>}
              </div>
            </li>
          ))}
        </ul>
      )}

      <h2 className={styles.subheading}>
        <FormattedMessage id="admin.agenda.heading" />
      </h2>
      <Form method="post" action={base} className={styles.stack} noValidate>
        <input type="hidden" name="idempotencyKey" value={d.formKey} />
        <div className={styles.row}>
          <Field label={<FormattedMessage id="admin.agenda.at" />} hint={<FormattedMessage id="admin.agenda.atHint" />} error={error('at')}>
            {(c) => <input {...c} className={inputClass} type="time" name="at" defaultValue={value('at', d.agenda.at)} />}
          </Field>
          <Field label={<FormattedMessage id="admin.agenda.day" />}>
            {(c) => (
              <select {...c} className={inputClass} name="day" defaultValue={value('day', d.agenda.day)}>
                <option value="today">{intl.formatMessage({ id: 'admin.agenda.today' })}</option>
                <option value="tomorrow">{intl.formatMessage({ id: 'admin.agenda.tomorrow' })}</option>
              </select>
            )}
          </Field>
        </div>
        <Button type="submit" variant="secondary" name="do" value="agenda" disabled={busy} className={styles.start}>
          <FormattedMessage id="admin.agenda.save" />
        </Button>
      </Form>
    </section>
  );
}

// ReviewButtons: before a review, the one that reviews; during one, the
// one that saves what was reviewed, one that reviews the form again, and
// the way back.
function ReviewButtons({ reviewing, what, busy, discard }: { reviewing: boolean; what: 'Hours' | 'Off'; busy: boolean; discard: string }) {
  if (!reviewing) {
    return (
      <Button type="submit" name="do" value={`review${what}`} disabled={busy} className={styles.start}>
        <FormattedMessage id="admin.hours.review" />
      </Button>
    );
  }
  return (
    <div className={styles.row}>
      <Button type="submit" name="do" value={`save${what}`} disabled={busy}>
        <FormattedMessage id="admin.hours.save" />
      </Button>
      <Button type="submit" variant="secondary" name="do" value={`review${what}`} disabled={busy}>
        <FormattedMessage id="admin.hours.reviewAgain" />
      </Button>
      <Link to={discard} className={styles.discard}>
        <FormattedMessage id="admin.hours.discard" />
      </Link>
    </div>
  );
}

// Effect is what a change under review does: each of the next weeks'
// hours, as they are and as they would be, and the bookings it leaves
// outside the hours.
function Effect({ proposal, zone, locale }: { proposal: AdminProposal; zone: string; locale: string }) {
  const intl = useIntl();
  const hours = (minutes: number) => intl.formatNumber(minutes / 60, { style: 'unit', unit: 'hour', unitDisplay: 'short', maximumFractionDigits: 1 });
  return (
    <div className={styles.effect} role="status">
      <h3 className={styles.dayHeading}>
        <FormattedMessage id="admin.effect.heading" />
      </h3>
      <ul className={styles.history}>
        {proposal.weeks.map((w) => (
          <li key={w.from}>
            <FormattedMessage
              id={w.before === w.after ? 'admin.effect.same' : 'admin.effect.week'}
              values={{ date: intl.formatDate(new Date(`${w.from}T12:00:00Z`), { month: 'long', day: 'numeric', timeZone: 'UTC' }), before: hours(w.before), after: hours(w.after) }}
            />
          </li>
        ))}
      </ul>
      {proposal.outside.length === 0 ? (
        <p className={styles.small}>
          <FormattedMessage id="admin.effect.noneOutside" />
        </p>
      ) : (
        <>
          <p>
            <FormattedMessage id="admin.effect.outside" values={{ count: proposal.outside.length, more: proposal.more ? 'yes' : 'no' }} />
          </p>
          <ul className={styles.history}>
            {proposal.outside.map((b) => (
              <li key={b.id}>
                <Link to={href('adminBooking', locale, { id: b.id })}>
                  {intl.formatDate(new Date(b.start), { weekday: 'short', month: 'short', day: 'numeric', timeZone: zone })}, {timeRange(intl, b.start, b.end, zone)} · {b.name} · {b.calendar}
                </Link>
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}

// weekdayName is a day of the week named in the page's language (1 Jan
// 2024 was a Monday).
function weekdayName(intl: IntlShape, day: string): string {
  const i = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'].indexOf(day);
  return intl.formatDate(new Date(Date.UTC(2024, 0, 1 + i, 12)), { weekday: 'long', timeZone: 'UTC' });
}

// dateRange is days from through to, as people write them.
function dateRange(intl: IntlShape, from: string, to: string): string {
  const opts: Intl.DateTimeFormatOptions = { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' };
  const a = new Date(`${from}T12:00:00Z`);
  if (from === to) return intl.formatDate(a, opts);
  return intl.formatDateTimeRange(a, new Date(`${to}T12:00:00Z`), opts);
}
