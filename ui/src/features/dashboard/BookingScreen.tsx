import { Form, Link, useLocation, useNavigation } from 'react-router';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { Field, inputClass } from '../../components/Field';
import type { AdminBookingPageData, AdminMove } from '../../generated/web';
import { FormattedMessage, useIntl } from '../../lib/i18n';
import { formatMoney } from '../../lib/money';
import { usePage } from '../../PageContext';
import { StatusBadge } from './BookingsScreen';
import { fullWhen } from './when';
import { DoneNotice } from './DoneNotice';
import { Fact, RefundForm } from './Fact';
import styles from './Dashboard.module.css';

// BookingScreen: route adminBooking, one booking as the business works on
// it: whom, when, what they answered, their money; confirm or decline a
// request, cancel with a reason the booker is told.
export function BookingScreen() {
  const page = usePage<AdminBookingPageData>();
  const intl = useIntl();
  const d = page.data;
  const b = d.booking;
  const zone = d.frame.business.timeZone;
  const here = useLocation();
  const busy = useNavigation().state !== 'idle';
  const action = here.pathname;
  const failed = page.action;
  return (
    <article className={styles.booking}>
      <p>
        <Link to={d.back}>
          <FormattedMessage id="admin.booking.back" />
        </Link>
      </p>
      <header className={styles.bookingHead}>
        <h1 className={styles.title}>{b.name.trim() || b.email}</h1>
        <StatusBadge status={b.status} payment={b.payment} />
      </header>
      <DoneNotice done={d.done} />
      {failed && !failed.fields && <Alert>{failed.message}</Alert>}
      <dl className={styles.facts}>
        <Fact label="admin.booking.when">{fullWhen(intl, b.start, b.end, zone)}</Fact>
        {d.previousStart && (
          <Fact label="admin.booking.movedFrom">{intl.formatDate(new Date(d.previousStart), { dateStyle: 'full', timeStyle: 'short', timeZone: zone })}</Fact>
        )}
        <Fact label="admin.booking.service">{b.calendar}</Fact>
        <Fact label="admin.booking.staff">{b.staff}</Fact>
        {b.seats > 1 && (
          <Fact label="admin.booking.people">
            <FormattedMessage id="admin.booking.seats" values={{ count: b.seats }} />
          </Fact>
        )}
        <Fact label="admin.booking.email">
          <a href={`mailto:${b.email}`}>{b.email}</a>
        </Fact>
        {b.phone && (
          <Fact label="admin.booking.phone">
            <a href={`tel:${b.phone}`}>{b.phone}</a>
          </Fact>
        )}
        {d.timeZone && d.timeZone !== zone && <Fact label="admin.booking.theirZone">{d.timeZone}</Fact>}
        <Fact label="admin.booking.created">{intl.formatDate(new Date(d.created), { dateStyle: 'medium', timeStyle: 'short', timeZone: zone })}</Fact>
        {d.money && (
          <Fact label="admin.booking.payment">
            <FormattedMessage
              id="admin.booking.money"
              values={{
                total: formatMoney(intl, d.money.total, d.money.currency),
                paid: formatMoney(intl, d.money.paid, d.money.currency),
                refunded: formatMoney(intl, d.money.refunded, d.money.currency),
              }}
            />
          </Fact>
        )}
        {d.reason && <Fact label="admin.booking.reason">{d.reason}</Fact>}
      </dl>
      {d.guests.length > 0 && (
        <section aria-labelledby="guests">
          <h2 id="guests" className={styles.subheading}>
            <FormattedMessage id="admin.booking.guests" />
          </h2>
          <ul>
            {d.guests.map((g, i) => (
              <li key={i}>{g}</li>
            ))}
          </ul>
        </section>
      )}
      {(d.answers.length > 0 || d.notes) && (
        <section aria-labelledby="answers">
          <h2 id="answers" className={styles.subheading}>
            <FormattedMessage id="admin.booking.answers" />
          </h2>
          <dl className={styles.facts}>
            {d.answers.map((a, i) => (
              <div key={i} className={styles.fact}>
                <dt>{a.label}</dt>
                <dd>{a.value}</dd>
              </div>
            ))}
            {d.notes && <Fact label="admin.booking.notes">{d.notes}</Fact>}
          </dl>
        </section>
      )}
      {d.canMark && (
        <Form method="post" action={action} className={styles.stack}>
          <input type="hidden" name="idempotencyKey" value={d.formKey} />
          <fieldset className={styles.attendance}>
            <legend className={styles.subheading}>
              <FormattedMessage id="admin.attendance.heading" />
            </legend>
            {d.attendance && (
              <p className={styles.small}>
                <FormattedMessage id={`admin.attendance.${d.attendance}`} />
              </p>
            )}
            <div className={styles.row}>
              <Button type="submit" variant={d.attendance === 'attended' ? 'primary' : 'secondary'} name="do" value="attended" disabled={busy} aria-pressed={d.attendance === 'attended'}>
                <FormattedMessage id="admin.attendance.markAttended" />
              </Button>
              <Button type="submit" variant={d.attendance === 'no_show' ? 'primary' : 'secondary'} name="do" value="no_show" disabled={busy} aria-pressed={d.attendance === 'no_show'}>
                <FormattedMessage id="admin.attendance.markNoShow" />
              </Button>
            </div>
          </fieldset>
        </Form>
      )}
      <section aria-labelledby="team-notes">
        <h2 id="team-notes" className={styles.subheading}>
          <FormattedMessage id="admin.note.heading" />
        </h2>
        {d.teamNotes.length > 0 && (
          <ul className={styles.history}>
            {d.teamNotes.map((n, i) => (
              <li key={i}>
                <span className={styles.meta}>
                  {intl.formatDate(new Date(n.at), { dateStyle: 'medium', timeStyle: 'short', timeZone: zone })}
                  {n.byKind && (
                    <>
                      {' '}
                      <FormattedMessage id={`admin.history.by.${n.byKind}`} values={{ who: n.by }} />
                    </>
                  )}
                </span>
                <span className={styles.noteBody}>{n.body}</span>
              </li>
            ))}
          </ul>
        )}
        <Form method="post" action={action} className={styles.stack}>
          <input type="hidden" name="idempotencyKey" value={d.formKey} />
          <Field label={<FormattedMessage id="admin.note.label" />} hint={<FormattedMessage id="admin.note.hint" />} error={failed?.fields?.note?.message}>
            {(c) => <textarea {...c} className={inputClass} name="note" rows={2} maxLength={2000} defaultValue={failed?.values?.note ?? ''} />}
          </Field>
          <Button type="submit" variant="secondary" name="do" value="note" disabled={busy} className={styles.start}>
            <FormattedMessage id="admin.note.add" />
          </Button>
        </Form>
      </section>
      {d.history.length > 0 && (
        <section aria-labelledby="history">
          <h2 id="history" className={styles.subheading}>
            <FormattedMessage id="admin.history.heading" />
          </h2>
          <ol className={styles.history}>
            {d.history.map((c, i) => (
              <li key={i}>
                <time dateTime={c.at} className={styles.meta}>
                  {intl.formatDate(new Date(c.at), { dateStyle: 'medium', timeStyle: 'short', timeZone: zone })}
                </time>{' '}
                <FormattedMessage id={`admin.history.${c.type}`} values={{ when: intl.formatDate(new Date(c.start), { dateStyle: 'full', timeStyle: 'short', timeZone: zone }) }} />
                {c.byKind && (
                  <>
                    {' '}
                    <FormattedMessage id={`admin.history.by.${c.byKind}`} values={{ who: c.by }} />
                  </>
                )}
                {c.reason && <q className={styles.reason}>{c.reason}</q>}
              </li>
            ))}
          </ol>
        </section>
      )}
      {d.reminders.length > 0 && (
        <section aria-labelledby="reminders">
          <h2 id="reminders" className={styles.subheading}>
            <FormattedMessage id="admin.reminders.heading" />
          </h2>
          <ul className={styles.history}>
            {d.reminders.map((r, i) => (
              <li key={i}>
                <FormattedMessage id={`admin.reminders.${r.kind}`} values={{ hours: Math.round(r.before / 6) / 10, to: r.to }} />{' '}
                <span className={styles.meta}>
                  <FormattedMessage
                    id={`admin.reminders.${r.state}`}
                    values={{ when: intl.formatDate(new Date(r.done || r.due), { dateStyle: 'medium', timeStyle: 'short', timeZone: zone }) }}
                  />
                </span>
                {r.reason && <q className={styles.reason}>{r.reason}</q>}
              </li>
            ))}
          </ul>
        </section>
      )}
      {d.refundable > 0 && d.money && (
        <RefundForm action={action} formKey={d.formKey} left={formatMoney(intl, d.refundable, d.money.currency)} failed={failed} busy={busy} />
      )}
      {d.canDecide && (
        <Form method="post" action={action} className={styles.row}>
          <input type="hidden" name="idempotencyKey" value={d.formKey} />
          <Button type="submit" name="do" value="confirm" busy={busy}>
            <FormattedMessage id="admin.request.confirm" />
          </Button>
          <Button type="submit" variant="secondary" name="do" value="decline" disabled={busy}>
            <FormattedMessage id="admin.request.decline" />
          </Button>
        </Form>
      )}
      {d.move && (
        <Move
          move={d.move}
          action={action}
          formKey={d.formKey}
          zone={zone}
          busy={busy}
          error={failed?.fields?.start?.message}
          owner={d.frame.role === 'owner'}
          atError={failed?.fields?.time?.message}
        />
      )}
      {d.canCancel && (
        <Form method="post" action={action} className={styles.cancel}>
          <input type="hidden" name="idempotencyKey" value={d.formKey} />
          <h2 className={styles.subheading}>
            <FormattedMessage id="admin.cancel.heading" />
          </h2>
          <Field label={<FormattedMessage id="admin.cancel.reason" />} error={failed?.fields?.reason?.message} hint={<FormattedMessage id="admin.cancel.told" />}>
            {(c) => <textarea {...c} className={inputClass} name="reason" rows={3} maxLength={500} defaultValue={failed?.values?.reason ?? ''} />}
          </Field>
          <Button type="submit" variant="danger" name="do" value="cancel" disabled={busy}>
            <FormattedMessage id="admin.cancel.button" />
          </Button>
        </Form>
      )}
    </article>
  );
}

// Move offers a day's free times to move the booking to, for its client
// on the phone: a day is chosen with a GET form (its times come with the
// page), a time with a post; the client is told by mail.
function Move({ move, action, formKey, zone, busy, error, owner, atError }: { move: AdminMove; action: string; formKey: string; zone: string; busy: boolean; error?: string; owner: boolean; atError?: string }) {
  const intl = useIntl();
  const day = intl.formatDate(new Date(move.date + 'T12:00:00Z'), { dateStyle: 'full', timeZone: 'UTC' });
  return (
    <section aria-labelledby="move" className={styles.cancel}>
      <h2 id="move" className={styles.subheading}>
        <FormattedMessage id="admin.move.heading" />
      </h2>
      <Form method="get" action={action} className={styles.filters}>
        <label className={styles.filter}>
          <span>
            <FormattedMessage id="admin.move.day" />
          </span>
          <input type="date" name="date" defaultValue={move.date} required />
        </label>
        <Button type="submit" variant="secondary">
          <FormattedMessage id="admin.move.show" />
        </Button>
      </Form>
      {error && <Alert>{error}</Alert>}
      {move.times.length === 0 ? (
        <p className={styles.small}>
          <FormattedMessage id="admin.move.none" values={{ day }} />
        </p>
      ) : (
        <Form method="post" action={action} className={styles.stack}>
          <input type="hidden" name="idempotencyKey" value={formKey} />
          <fieldset className={styles.attendance}>
            <legend className={styles.small}>
              <FormattedMessage id="admin.move.times" values={{ day }} />
            </legend>
            <div className={styles.times}>
              {move.times.map((t, i) => (
                <label key={t} className={styles.time}>
                  <input type="radio" name="start" value={t} required defaultChecked={i === 0} />{' '}
                  {intl.formatDate(new Date(t), { hour: 'numeric', minute: '2-digit', timeZone: zone })}
                </label>
              ))}
            </div>
          </fieldset>
          <p className={styles.small}>
            <FormattedMessage id="admin.move.told" />
          </p>
          <Button type="submit" name="do" value="reschedule" disabled={busy} className={styles.start}>
            <FormattedMessage id="admin.move.button" />
          </Button>
        </Form>
      )}
      {owner && (
        // An owner may place it at any hour of the day: the person's
        // hours give way, their bookings and own calendars do not.
        <details className={styles.moreFilters} open={Boolean(atError)}>
          <summary>
            <FormattedMessage id="admin.move.outside" />
          </summary>
          <Form method="post" action={action} className={styles.filters}>
            <input type="hidden" name="idempotencyKey" value={formKey} />
            <input type="hidden" name="date" value={move.date} />
            <label className={styles.filter}>
              <span>
                <FormattedMessage id="admin.move.at" values={{ day }} />
              </span>
              <input type="time" name="time" required aria-invalid={atError ? true : undefined} />
            </label>
            <Button type="submit" variant="secondary" name="do" value="rescheduleOutside" disabled={busy}>
              <FormattedMessage id="admin.move.outsideButton" />
            </Button>
          </Form>
          {atError && <Alert>{atError}</Alert>}
          <p className={styles.small}>
            <FormattedMessage id="admin.move.outsideHint" />
          </p>
        </details>
      )}
    </section>
  );
}
