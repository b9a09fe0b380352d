import { useLayoutEffect, useRef, useState, type FormEvent, type RefObject } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
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
  type DetailsValues,
  type FieldKey,
} from '../lib/validation';
import type { BookingPageData, BookingRequest, BookingView, FieldRule } from '../types';
import { locationLabel } from './BookerHeader';
import { AlertIcon } from './Icons';
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
}

type Errors = Partial<Record<FieldKey, string>>;

// DetailsForm collects who is booking, checks it with the server's rules
// and message ids, and books. Server answers map back onto the fields.
export function DetailsForm({ data, start, timeZone, staffId, today, values, onValues, onBooked, onSlotTaken }: Props) {
  const intl = useIntl();
  const page = usePage();
  const { calendar, location } = data;
  const { fields } = calendar;
  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const keyFor = useIdempotencyKey();
  const mode = locationMode(calendar);
  const typedLocation = needsTypedLocation(calendar, values);

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

  const set = <K extends keyof DetailsValues>(k: K, v: DetailsValues[K]) => {
    onValues({ ...values, [k]: v });
    const fk = (k === 'locationChoice' ? 'location' : k) as FieldKey;
    if (errors[fk]) setErrors((e) => ({ ...e, [fk]: undefined }));
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
    if (!first) return;
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
        ...(fields.dateOfBirth !== 'hidden' && values.dateOfBirth ? { dateOfBirth: values.dateOfBirth } : {}),
        ...(loc !== undefined ? { location: loc } : {}),
        ...(fields.notes !== 'hidden' ? { notes: values.notes.trim() } : {}),
        consent: values.consent,
      },
    };
  };

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (submitting) return;
    const dob = refs.dateOfBirth.current as HTMLInputElement | null;
    const found = validateDetails(values, { calendar, termsRequired: !!location.termsUrl, today, dateOfBirthUnreadable: !!dob?.validity?.badInput });
    if (Object.keys(found).length > 0) {
      const texts: Errors = {};
      for (const [k, id] of Object.entries(found)) texts[k as FieldKey] = intl.formatMessage({ id });
      pendingFocus.current = true;
      setErrors(texts);
      setFormError(null);
      return;
    }
    const req = buildRequest();
    const key = keyFor(req);
    const unable = intl.formatMessage({ id: 'booking.error.unableToSchedule' });
    setSubmitting(true);
    setFormError(null);
    try {
      const res = await createBooking(req, key, page.lang);
      if (res.ok) {
        onBooked(res.body);
        return;
      }
      if (res.status === 409) {
        onSlotTaken(res.error?.message || unable);
        return;
      }
      if (res.status === 422 && res.error) {
        const mapped: Errors = {};
        const other: string[] = [];
        for (const [path, f] of Object.entries(res.error.fields ?? {})) {
          const k = serverFieldKey(path);
          if (k) mapped[k] = f.message;
          else other.push(f.message);
        }
        pendingFocus.current = true;
        setErrors(mapped);
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
    <form className={styles.form} onSubmit={onSubmit} noValidate aria-busy={submitting || undefined}>
      <div className={styles.row}>
        <Field label={<FormattedMessage id="booking.field.firstName" />} required error={errors.firstName}>
          {(c) => (
            <input {...c} ref={refs.firstName as RefObject<HTMLInputElement>} className={inputClass} name="firstName" autoComplete="given-name" value={values.firstName} onChange={(e) => set('firstName', e.target.value)} />
          )}
        </Field>
        <Field label={<FormattedMessage id="booking.field.lastName" />} required error={errors.lastName}>
          {(c) => (
            <input {...c} ref={refs.lastName as RefObject<HTMLInputElement>} className={inputClass} name="lastName" autoComplete="family-name" value={values.lastName} onChange={(e) => set('lastName', e.target.value)} />
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
            name="email"
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
            <input {...c} ref={refs.phone as RefObject<HTMLInputElement>} className={inputClass} type="tel" name="phone" inputMode="tel" autoComplete="tel" value={values.phone} onChange={(e) => set('phone', e.target.value)} />
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
              name="dateOfBirth"
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
              name="location"
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
              name="notes"
              rows={3}
              placeholder={intl.formatMessage({ id: 'booking.field.notesPlaceholder' })}
              value={values.notes}
              onChange={(e) => set('notes', e.target.value)}
            />
          )}
        </Field>
      )}
      <div className={styles.checks}>
        <CheckboxField
          name="consent"
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
        <div className={styles.formError} role="alert">
          <AlertIcon />
          <p>{formError}</p>
        </div>
      )}
      <Button type="submit" block busy={submitting} className={styles.submit}>
        <FormattedMessage id={submitting ? 'booking.scheduling' : calendar.requiresConfirmation ? 'booking.submit.request' : 'booking.submit'} />
      </Button>
    </form>
  );
}
