import { useState } from 'react';
import { Form, Link, useNavigation } from 'react-router';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { Field, inputClass } from '../../components/Field';
import type { AdminNewBookingPageData } from '../../generated/web';
import { FormattedMessage, useIntl } from '../../lib/i18n';
import { formatMoney } from '../../lib/money';
import { usePage } from '../../PageContext';
import { QuestionFields } from '../booking/components/QuestionFields';
import { fromAction, messagesOf } from '../forms/lib/actionAnswers';
import { fullWhen } from './when';
import styles from './Dashboard.module.css';

// NewBookingScreen: route adminNewBooking, a free time booked for a
// client: the service, the person and the time from the calendar, the
// client's details in a form that posts to its page (with JavaScript or
// without). The client is mailed as if they had booked themselves.
export function NewBookingScreen() {
  const page = usePage<AdminNewBookingPageData>();
  const intl = useIntl();
  const d = page.data;
  const busy = useNavigation().state !== 'idle';
  const failed = page.action;
  const value = (name: string) => failed?.values?.[name] ?? '';
  const error = (name: string) => failed?.fields?.[name]?.message;
  // The service's questions, as the client answers them on the phone: each
  // kept as it is typed, and what a refused post sent, again.
  const [answers, setAnswers] = useState<Record<string, string[]>>(() => (failed ? fromAction(failed) : {}));
  const answerErrors = messagesOf(failed?.fields);
  // None is required here: what the client does not say stays unanswered.
  const questions = d.questions && { ...d.questions, steps: d.questions.steps.map((s) => ({ ...s, fields: s.fields.map((f) => ({ ...f, required: false })) })) };
  return (
    <section className={styles.narrow}>
      <h1 className={styles.title}>
        <FormattedMessage id="admin.book.heading" />
      </h1>
      <dl className={styles.facts}>
        <div className={styles.fact}>
          <dt>
            <FormattedMessage id="admin.why.calendar" />
          </dt>
          <dd>{d.calendar}</dd>
        </div>
        <div className={styles.fact}>
          <dt>
            <FormattedMessage id="admin.why.person" />
          </dt>
          <dd>{d.staff}</dd>
        </div>
        <div className={styles.fact}>
          <dt>
            <FormattedMessage id="admin.why.time" />
          </dt>
          <dd>{fullWhen(intl, d.start, d.end, d.frame.business.timeZone)}</dd>
        </div>
        {d.price > 0 && (
          <div className={styles.fact}>
            <dt>
              <FormattedMessage id="admin.book.price" />
            </dt>
            <dd>
              {formatMoney(intl, d.price, d.currency)}
              <span className={styles.factNote}>
                <FormattedMessage id={d.paidOnline ? 'admin.book.paidOnline' : 'admin.book.paidAtAppointment'} />
              </span>
            </dd>
          </div>
        )}
      </dl>
      {failed && !failed.fields && <Alert>{failed.message}</Alert>}
      <Form method="post" className={styles.stack} noValidate>
        <input type="hidden" name="idempotencyKey" value={d.formKey} />
        <Field label={<FormattedMessage id="admin.book.firstName" />} error={error('contact.firstName')} required>
          {(c) => <input {...c} className={inputClass} name="contact.firstName" defaultValue={value('contact.firstName')} autoComplete="off" required />}
        </Field>
        <Field label={<FormattedMessage id="admin.book.lastName" />} error={error('contact.lastName')} required>
          {(c) => <input {...c} className={inputClass} name="contact.lastName" defaultValue={value('contact.lastName')} autoComplete="off" required />}
        </Field>
        <Field label={<FormattedMessage id="admin.book.email" />} hint={<FormattedMessage id="admin.book.emailHint" />} error={error('contact.email')} required>
          {(c) => <input {...c} className={inputClass} type="email" name="contact.email" defaultValue={value('contact.email')} autoComplete="off" required />}
        </Field>
        {d.phone !== 'hidden' && (
          <Field label={<FormattedMessage id="admin.book.phone" />} error={error('contact.phone')} required={d.phone === 'required'}>
            {(c) => <input {...c} className={inputClass} type="tel" name="contact.phone" defaultValue={value('contact.phone')} autoComplete="off" required={d.phone === 'required'} />}
          </Field>
        )}
        {d.askPlace && (
          <Field label={<FormattedMessage id="admin.book.place" />} error={error('contact.location')} required={d.placeRequired}>
            {(c) =>
              d.typedPlace ? (
                <>
                  <input {...c} className={inputClass} name="contact.location" list="places" defaultValue={value('contact.location')} autoComplete="off" required={d.placeRequired} />
                  <datalist id="places">
                    {d.places.map((p) => (
                      <option key={p} value={p} />
                    ))}
                  </datalist>
                </>
              ) : (
                <select {...c} className={inputClass} name="contact.location" defaultValue={value('contact.location')} required={d.placeRequired}>
                  <option value="">—</option>
                  {d.places.map((p) => (
                    <option key={p} value={p}>
                      {p}
                    </option>
                  ))}
                </select>
              )
            }
          </Field>
        )}
        {d.notes !== 'hidden' && (
          <Field label={<FormattedMessage id="admin.book.notes" />} error={error('contact.notes')} required={d.notes === 'required'}>
            {(c) => <textarea {...c} className={inputClass} name="contact.notes" rows={3} defaultValue={value('contact.notes')} />}
          </Field>
        )}
        {questions && (
          <fieldset className={styles.questions}>
            <legend className={styles.legend}>
              <FormattedMessage id="admin.book.questions" />
            </legend>
            <p className={styles.lead}>
              <FormattedMessage id="admin.book.questionsHint" />
            </p>
            <QuestionFields questions={questions} answers={answers} errors={answerErrors} lang={page.lang} onAnswer={(id, v) => setAnswers((a) => ({ ...a, [id]: v }))} />
          </fieldset>
        )}
        <div className={styles.row}>
          <Button type="submit" disabled={busy}>
            <FormattedMessage id="admin.book.submit" />
          </Button>
          <Link to={d.back} className={styles.discard}>
            <FormattedMessage id="admin.book.back" />
          </Link>
        </div>
      </Form>
    </section>
  );
}

