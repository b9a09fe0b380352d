import { useEffect, useRef, useState } from 'react';
import { Form } from 'react-router';
import { Alert } from '../../../components/Alert';
import { Button } from '../../../components/Button';
import type { IsoDate } from '../../../lib/calendar';
import { FormattedMessage } from '../../../lib/i18n';
import { usePage } from '../../../PageContext';
import type { BookingFormat } from '../../../lib/useBookingFormat';
import { useDetailsSubmit } from '../hooks/useDetailsSubmit';
import { useFormKey } from '../hooks/useFormKey';
import type { DetailsValues } from '../lib/validation';
import type { ActionResult, BookingPageData } from '../types';
import { PaymentSummary } from '../../../components/PaymentSummary';
import { quote } from '../../../lib/money';
import { initialValues } from '../lib/formValues';
import { ConsentChecks } from './ConsentChecks';
import { ContactFields } from './ContactFields';
import { GuestsFields } from './GuestsFields';
import { QuestionFields } from './QuestionFields';
import { RepeatFields } from './RepeatFields';
import styles from './DetailsForm.module.css';

interface Props {
  data: BookingPageData;
  start: string;
  timeZone: string;
  staffId: number | null;
  today: IsoDate;
  // values: what was typed, kept by the booker across steps; null at
  // first, when the form starts from seed (a refused post's values, or
  // empty with the guest rows the URL asks for).
  values: DetailsValues | null;
  seed: Parameters<typeof initialValues>[0];
  // onValues: what was typed changed; guestsChanged when guest rows came or went.
  onValues: (v: DetailsValues, guestsChanged: boolean) => void;
  // action: the step's URL, where the form posts without JavaScript;
  // failed: that post's answer, shown on the page the server rendered again.
  action: string;
  failed: ActionResult | null;
  guestsHref: (rows: number) => string;
  fmt: BookingFormat;
  // onShown: called once the form is on screen (a stable function).
  onShown: () => void;
}

// DetailsForm collects who is booking (the calendar's booking form: the
// contact fields, then its own questions), whom they bring and how often,
// checks it with the server's rules and message ids, and books. It is a
// real form posting to its own page: the browser posts it without
// JavaScript, the route's action with it, to the same action in Go.
export function DetailsForm(p: Props) {
  const { data, start, timeZone, staffId, onValues, fmt } = p;
  const [first] = useState(() => initialValues(p.seed));
  const values = p.values ?? first;
  const page = usePage();
  const { calendar, location } = data;
  const formRef = useRef<HTMLFormElement>(null);
  const [seriesRefresh, setSeriesRefresh] = useState(0);
  const formKey = useFormKey(data.formKey);
  const { errors, submitting, onSubmit, clear, maxGuests, fixedGuests } = useDetailsSubmit({
    formKey: formKey.ready,
    ...p, values, formRef, onSeriesTaken: () => setSeriesRefresh((n) => n + 1),
  });
  const { onShown } = p;
  const seats = 1 + (fixedGuests || values.guests.length || Number(values.guestCount) || 0);
  const occurrences = values.repeatEvery ? Number(values.repeatCount) || 1 : 1;
  const price = calendar.price;
  const paysNow = !!price && !data.cart && price.online && price.payment === 'online' && quote(price, seats, occurrences).payNow > 0;
  useEffect(() => onShown(), [onShown]);

  const set = <K extends keyof DetailsValues>(k: K, v: DetailsValues[K]) => {
    onValues({ ...values, [k]: v }, k === 'guests' && (v as DetailsValues['guests']).length !== values.guests.length);
    if (k === 'guests' || k === 'guestCount') clear('guests');
    else clear('contact', k === 'locationChoice' ? 'location' : k);
  };
  const answer = (id: string, v: string[]) => {
    onValues({ ...values, answers: { ...values.answers, [id]: v } }, false);
    clear('answers', id);
  };
  return (
    <Form ref={formRef} className={styles.form} method="post" action={p.action} onSubmit={onSubmit} noValidate aria-busy={submitting || undefined}>
      <input type="hidden" name="start" value={start} />
      <input type="hidden" name="tz" value={timeZone} />
      {staffId != null && <input type="hidden" name="staff" value={String(staffId)} />}
      <input type="hidden" name="idempotencyKey" value={formKey.key} />
      <ContactFields data={data} values={values} errors={errors.contact} today={p.today} set={set} />
      {calendar.questions && <QuestionFields questions={calendar.questions} answers={values.answers} errors={errors.answers} lang={page.lang} onAnswer={answer} />}
      {maxGuests > 0 && (
        <GuestsFields
          guests={values.guests}
          count={values.guestCount}
          maxGuests={maxGuests}
          errors={errors.guests}
          addHref={p.guestsHref(values.guests.length + 1)}
          fixed={fixedGuests > 0}
          onGuests={(g) => set('guests', g)}
          onCount={(c) => set('guestCount', c)}
        />
      )}
      {calendar.recurringMax >= 2 && (
        <RepeatFields
          calendar={calendar.slug}
          start={start}
          timeZone={timeZone}
          staffId={staffId}
          max={calendar.recurringMax}
          every={values.repeatEvery}
          count={values.repeatCount}
          error={errors.guests.repeat}
          refresh={seriesRefresh}
          fmt={fmt}
          onEvery={(v) => set('repeatEvery', v)}
          onCount={(v) => set('repeatCount', v)}
        />
      )}
      {calendar.price && <PaymentSummary price={calendar.price} seats={seats} occurrences={occurrences} />}
      <ConsentChecks location={location} values={values} termsError={errors.contact.acceptTerms} set={set} />
      {errors.form && <Alert>{errors.form}</Alert>}
      <Button type="submit" block busy={submitting} className={styles.submit}>
        <FormattedMessage id={submitting ? 'booking.scheduling' : paysNow ? 'booking.submit.pay' : calendar.requiresConfirmation ? 'booking.submit.request' : 'booking.submit'} />
      </Button>
    </Form>
  );
}
