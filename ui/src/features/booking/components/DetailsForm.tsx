import { useEffect, useLayoutEffect, useRef, useState, type FormEvent, type RefObject } from 'react';
import { FormattedMessage, useIntl } from '../../../lib/i18n';
import { Button } from '../../../components/Button';
import { CheckboxField, Field, inputClass } from '../../../components/Field';
import type { IsoDate } from '../../../lib/calendar';
import { usePage } from '../../../PageContext';
import { useIdempotencyKey } from '../hooks/useIdempotencyKey';
import { createBooking } from '../lib/api';
import {
  FIELD_ORDER,
  MIN_BIRTH_DATE,
  chosenOption,
  locationMode,
  needsTypedLocation,
  serverFieldKey,
  validateDetails,
  validateGuests,
  type DetailsValues,
  type FieldKey,
} from '../lib/validation';
import type { ActionResult, BookingPageData, BookingRequest, BookingView, FieldRule } from '../types';
import { locationLabel } from './BookerHeader';
import { contactName } from '../lib/formValues';
import type { BookingFormat } from '../hooks/useBookingFormat';
import { GuestsFields } from './GuestsFields';
import { RepeatFields } from './RepeatFields';
import { Alert } from '../../../components/Alert';
import styles from './DetailsForm.module.css';

interface Props {
  data: BookingPageData;
  start: string;
  timeZone: string;
  staffId: number | null;
  today: IsoDate;
  values: DetailsValues;
  onValues: (v: DetailsValues) => void;
  onBooked: (b: BookingView) => void;
  // onSlotTaken: the time was booked by someone else meanwhile (409).
  onSlotTaken: (message: string) => void;
  // action: the step's URL, where the form posts without JavaScript;
  // failed: that post's answer, shown on the page the server rendered again.
  action: string;
  failed: ActionResult | null;
  guestsAddHref: string;
  fmt: BookingFormat;
  // onShown: called once the form is on screen (a stable function).
  onShown: () => void;
}

type Errors = Partial<Record<FieldKey, string>>;

type PhoneCheck = (phone: string, country: string) => boolean;

// usePhoneCheck loads libphonenumber (its own chunk, with the details step)
// and gives its check of a number in a country; null until it has loaded.
function usePhoneCheck(wanted: boolean): PhoneCheck | null {
  const [check, setCheck] = useState<PhoneCheck | null>(null);
  useEffect(() => {
    if (!wanted) return;
    let live = true;
    import(/* webpackChunkName: "phone" */ 'libphonenumber-js/min')
      .then((m) => {
        if (live) setCheck(() => (phone: string, country: string) => m.isValidPhoneNumber(phone, (country || undefined) as Parameters<typeof m.isValidPhoneNumber>[1]));
      })
      .catch((err) => console.warn('Phone number checks did not load; the server checks the number', err));
    return () => {
      live = false;
    };
  }, [wanted]);
  return check;
}

// serverErrors splits an answer's field messages between the contact
// fields and the guests, with the rest for the summary above the button.
function serverErrors(fieldsOf: ActionResult['fields']) {
  const mapped: Errors = {};
  const guests: Record<string, string> = {};
  const other: string[] = [];
  for (const [path, f] of Object.entries(fieldsOf ?? {})) {
    const k = serverFieldKey(path);
    if (k) mapped[k] = f.message;
    else if (path.startsWith('guest') || path === 'repeat') guests[path] = f.message;
    else other.push(f.message);
  }
  return { mapped, guests, other };
}

// DetailsForm collects who is booking (and whom they bring), checks it
// with the server's rules and message ids, and books. It is a real form
// posting to its own page, so it books without JavaScript too; with it,
// the same fields go to the JSON API and answers map back onto the fields.
export function DetailsForm({ data, start, timeZone, staffId, today, values, onValues, onBooked, onSlotTaken, action, failed, guestsAddHref, fmt, onShown }: Props) {
  const intl = useIntl();
  const page = usePage();
  const { calendar, location } = data;
  const { fields } = calendar;
  const initial = serverErrors(failed?.fields);
  const [errors, setErrors] = useState<Errors>(initial.mapped);
  const [guestErrors, setGuestErrors] = useState<Record<string, string>>(initial.guests);
  const [formError, setFormError] = useState<string | null>(failed ? [failed.message, ...initial.other].filter(Boolean).join(' ') : null);
  // A visit's guests with services of their own are fixed: one row each.
  const fixedGuests = data.cart?.guestItems.length ?? 0;
  const maxGuests = fixedGuests || Math.max(0, (calendar.maxSeatsPerBooking ?? 1) - 1);
  const phoneCountry = values.phoneCountry || location.country;
  const phoneCheck = usePhoneCheck(fields.phone !== 'hidden');
  const [seriesRefresh, setSeriesRefresh] = useState(0);
  const repeating = calendar.recurringMax >= 2 && values.repeatEvery !== '';
  const [submitting, setSubmitting] = useState(false);
  const keyFor = useIdempotencyKey();
  const mode = locationMode(calendar);
  const typedLocation = needsTypedLocation(calendar, values);
  useEffect(() => onShown(), [onShown]);

  const refs: Record<FieldKey, RefObject<HTMLElement | null>> = {
    firstName: useRef(null),
    lastName: useRef(null),
    email: useRef(null),
    phone: useRef(null),
    dateOfBirth: useRef(null),
    location: useRef(null),
    notes: useRef(null),
    acceptTerms: useRef(null),
  };
  const locationSelectRef = useRef<HTMLSelectElement>(null);
  const formRef = useRef<HTMLFormElement>(null);

  const set = <K extends keyof DetailsValues>(k: K, v: DetailsValues[K]) => {
    onValues({ ...values, [k]: v });
    const fk = (k === 'locationChoice' ? 'location' : k) as FieldKey;
    if (errors[fk]) setErrors((e) => ({ ...e, [fk]: undefined }));
    if (k === 'guests' || k === 'guestCount') setGuestErrors({});
  };

  // Focus moves after the render that marks the fields invalid, so a screen
  // reader reads the error with the field.
  const pendingFocus = useRef(false);
  useLayoutEffect(() => {
    if (!pendingFocus.current) return;
    pendingFocus.current = false;
    focusFirst(errors);
  }, [errors]); // eslint-disable-line react-hooks/exhaustive-deps

  const focusFirst = (errs: Errors) => {
    const first = FIELD_ORDER.find((k) => errs[k]);
    if (!first) {
      formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
      return;
    }
    if (first === 'location' && !typedLocation) locationSelectRef.current?.focus();
    else refs[first].current?.focus();
  };

  const buildRequest = (): BookingRequest => {
    const opt = chosenOption(calendar, values);
    let loc: string | undefined;
    if (mode !== 'hidden') loc = typedLocation ? values.location.trim() : opt ? opt.value || locationLabel(intl, opt) : '';
    return {
      calendar: calendar.slug,
      start,
      tz: timeZone,
      ...(staffId != null ? { staff: staffId } : {}),
      locale: page.locale,
      ...(location.termsUrl ? { acceptTerms: values.acceptTerms } : {}),
      contact: {
        firstName: values.firstName.trim(),
        lastName: values.lastName.trim(),
        email: values.email.trim(),
        phone: fields.phone === 'hidden' ? '' : values.phone.trim(),
        ...(fields.phone !== 'hidden' && values.phone.trim() && phoneCountry ? { phoneCountry } : {}),
        ...(fields.dateOfBirth !== 'hidden' && values.dateOfBirth ? { dateOfBirth: values.dateOfBirth } : {}),
        ...(loc !== undefined ? { location: loc } : {}),
        ...(fields.notes !== 'hidden' ? { notes: values.notes.trim() } : {}),
        consent: values.consent,
      },
      ...(values.guests.length > 0 ? { guests: values.guests.map((g) => ({ name: g.name.trim(), email: g.email.trim() })) } : {}),
      ...(values.guests.length === 0 && values.guestCount.trim() ? { guestCount: Number(values.guestCount) } : {}),
      ...(data.oneTimeLink ? { oneTimeLink: data.oneTimeLink } : {}),
      ...(repeating ? { repeat: { every: values.repeatEvery as 'week' | '2weeks', count: Number(values.repeatCount) } } : {}),
    };
  };

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (submitting) return;
    const dob = refs.dateOfBirth.current as HTMLInputElement | null;
    const found = validateDetails(values, {
      calendar,
      termsRequired: !!location.termsUrl,
      today,
      dateOfBirthUnreadable: !!dob?.validity?.badInput,
      phoneValid: phoneCheck ?? undefined,
      phoneCountry,
    });
    const guests = maxGuests > 0 ? validateGuests(values, fixedGuests ? fixedGuests + 1 : calendar.maxSeatsPerBooking) : { errors: {} };
    if (Object.keys(found).length > 0 || Object.keys(guests.errors).length > 0) {
      const texts: Errors = {};
      for (const [k, id] of Object.entries(found)) texts[k as FieldKey] = intl.formatMessage({ id });
      const guestTexts: Record<string, string> = {};
      for (const [k, id] of Object.entries(guests.errors)) guestTexts[k] = intl.formatMessage({ id }, { max: guests.max ?? 0 });
      pendingFocus.current = true;
      setErrors(texts);
      setGuestErrors(guestTexts);
      setFormError(null);
      return;
    }
    const req = buildRequest();
    const key = keyFor(req);
    const unable = intl.formatMessage({ id: 'booking.error.unableToSchedule' });
    setSubmitting(true);
    setFormError(null);
    try {
      const cart = data.cart
        ? { menu: data.cart.menu, items: data.cart.items.map((i) => i.slug), guestItems: data.cart.guestItems.map((list) => list.map((i) => i.slug)) }
        : undefined;
      const res = await createBooking(req, key, page.lang, cart);
      if (res.ok) {
        onBooked(res.body);
        return;
      }
      if (res.status === 409 && res.error?.code === 'series_taken') {
        // Another time of the series went meanwhile: show which, stay here.
        setFormError(res.error.message);
        setSeriesRefresh((n) => n + 1);
        return;
      }
      if (res.status === 409) {
        onSlotTaken(res.error?.message || unable);
        return;
      }
      if (res.status === 422 && res.error) {
        const { mapped, guests: guestMapped, other } = serverErrors(res.error.fields);
        pendingFocus.current = true;
        setErrors(mapped);
        setGuestErrors(guestMapped);
        setFormError([res.error.message, ...other].filter(Boolean).join(' ') || unable);
        return;
      }
      // Too many attempts (429) and other refusals say why, in the visitor's language.
      setFormError((res.status < 500 && res.error?.message) || unable);
    } catch {
      setFormError(unable);
    } finally {
      setSubmitting(false);
    }
  };

  const optional = <FormattedMessage id="booking.field.optional" />;
  const shown = (r: FieldRule) => r !== 'hidden';
  return (
    <form ref={formRef} className={styles.form} method="post" action={action} onSubmit={onSubmit} noValidate aria-busy={submitting || undefined}>
      <input type="hidden" name="start" value={start} />
      <input type="hidden" name="tz" value={timeZone} />
      {staffId != null && <input type="hidden" name="staff" value={String(staffId)} />}
      <input type="hidden" name="idempotencyKey" value={data.formKey} />
      <div className={styles.row}>
        <Field label={<FormattedMessage id="booking.field.firstName" />} required error={errors.firstName}>
          {(c) => (
            <input {...c} ref={refs.firstName as RefObject<HTMLInputElement>} className={inputClass} name={contactName('firstName')} autoComplete="given-name" value={values.firstName} onChange={(e) => set('firstName', e.target.value)} />
          )}
        </Field>
        <Field label={<FormattedMessage id="booking.field.lastName" />} required error={errors.lastName}>
          {(c) => (
            <input {...c} ref={refs.lastName as RefObject<HTMLInputElement>} className={inputClass} name={contactName('lastName')} autoComplete="family-name" value={values.lastName} onChange={(e) => set('lastName', e.target.value)} />
          )}
        </Field>
      </div>
      <Field label={<FormattedMessage id="booking.field.email" />} required error={errors.email}>
        {(c) => (
          <input
            {...c}
            ref={refs.email as RefObject<HTMLInputElement>}
            className={inputClass}
            type="email"
            name={contactName('email')}
            inputMode="email"
            autoComplete="email"
            spellCheck={false}
            value={values.email}
            onChange={(e) => set('email', e.target.value)}
          />
        )}
      </Field>
      {shown(fields.phone) && (
        <Field label={<FormattedMessage id="booking.field.phone" />} required={fields.phone === 'required'} optionalLabel={optional} error={errors.phone}>
          {(c) => (
            <div className={styles.phone}>
              <select
                className={`${inputClass} ${styles.country}`}
                name={contactName('phoneCountry')}
                aria-label={intl.formatMessage({ id: 'booking.field.phoneCountry' })}
                autoComplete="tel-country-code"
                value={phoneCountry}
                onChange={(e) => set('phoneCountry', e.target.value)}
              >
                {(data.phoneRegions ?? []).map((r) => (
                  <option key={r.region} value={r.region}>
                    {`${r.name} +${r.code}`}
                  </option>
                ))}
              </select>
              <input {...c} ref={refs.phone as RefObject<HTMLInputElement>} className={inputClass} type="tel" name={contactName('phone')} inputMode="tel" autoComplete="tel" value={values.phone} onChange={(e) => set('phone', e.target.value)} />
            </div>
          )}
        </Field>
      )}
      {shown(fields.dateOfBirth) && (
        <Field label={<FormattedMessage id="booking.field.dateOfBirth" />} required={fields.dateOfBirth === 'required'} optionalLabel={optional} error={errors.dateOfBirth}>
          {(c) => (
            <input
              {...c}
              ref={refs.dateOfBirth as RefObject<HTMLInputElement>}
              className={inputClass}
              type="date"
              name={contactName('dateOfBirth')}
              autoComplete="bday"
              min={MIN_BIRTH_DATE}
              max={today}
              value={values.dateOfBirth}
              onChange={(e) => set('dateOfBirth', e.target.value)}
            />
          )}
        </Field>
      )}
      {mode === 'select' && (
        <Field label={<FormattedMessage id="booking.field.location" />} required={fields.location === 'required'} optionalLabel={optional} error={typedLocation ? undefined : errors.location}>
          {(c) => (
            <select {...c} ref={locationSelectRef} className={inputClass} name="locationChoice" value={values.locationChoice} onChange={(e) => set('locationChoice', e.target.value)}>
              <option value="">{intl.formatMessage({ id: 'booking.field.locationChoose' })}</option>
              {calendar.locationOptions.map((o, i) => (
                <option key={i} value={String(i)}>
                  {locationLabel(intl, o)}
                </option>
              ))}
            </select>
          )}
        </Field>
      )}
      {typedLocation && (
        <Field
          label={<FormattedMessage id={mode === 'select' ? 'booking.field.locationAddress' : 'booking.field.location'} />}
          required={fields.location === 'required'}
          optionalLabel={optional}
          error={errors.location}
        >
          {(c) => (
            <input
              {...c}
              ref={refs.location as RefObject<HTMLInputElement>}
              className={inputClass}
              name={contactName('location')}
              autoComplete="street-address"
              placeholder={intl.formatMessage({ id: 'booking.field.locationPlaceholder' })}
              value={values.location}
              onChange={(e) => set('location', e.target.value)}
            />
          )}
        </Field>
      )}
      {shown(fields.notes) && (
        <Field label={<FormattedMessage id="booking.field.notes" />} required={fields.notes === 'required'} optionalLabel={optional} error={errors.notes}>
          {(c) => (
            <textarea
              {...c}
              ref={refs.notes as RefObject<HTMLTextAreaElement>}
              className={inputClass}
              name={contactName('notes')}
              rows={3}
              placeholder={intl.formatMessage({ id: 'booking.field.notesPlaceholder' })}
              value={values.notes}
              onChange={(e) => set('notes', e.target.value)}
            />
          )}
        </Field>
      )}
      {maxGuests > 0 && (
        <GuestsFields
          guests={values.guests}
          count={values.guestCount}
          maxGuests={maxGuests}
          errors={guestErrors}
          addHref={guestsAddHref}
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
          error={guestErrors.repeat}
          refresh={seriesRefresh}
          fmt={fmt}
          onEvery={(v) => set('repeatEvery', v)}
          onCount={(v) => set('repeatCount', v)}
        />
      )}
      <div className={styles.checks}>
        <CheckboxField
          name={contactName('consent')}
          label={location.consentText || intl.formatMessage({ id: 'booking.consent.default' }, { business: location.name })}
          checked={values.consent}
          onChange={(v) => set('consent', v)}
        />
        {location.termsUrl && (
          <CheckboxField
            name="acceptTerms"
            inputRef={refs.acceptTerms as RefObject<HTMLInputElement>}
            required
            error={errors.acceptTerms}
            checked={values.acceptTerms}
            onChange={(v) => set('acceptTerms', v)}
            label={
              <FormattedMessage
                id="booking.terms.label"
                values={{
                  a: (chunks) => (
                    <a href={location.termsUrl} target="_blank" rel="noopener noreferrer">
                      {chunks}
                    </a>
                  ),
                }}
              />
            }
          />
        )}
      </div>
      {formError && (
        <Alert>{formError}</Alert>
      )}
      <Button type="submit" block busy={submitting} className={styles.submit}>
        <FormattedMessage id={submitting ? 'booking.scheduling' : calendar.requiresConfirmation ? 'booking.submit.request' : 'booking.submit'} />
      </Button>
    </form>
  );
}
