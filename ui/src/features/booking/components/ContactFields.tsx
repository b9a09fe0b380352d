import type { FieldView } from '../../../generated/forms';
import type { IsoDate } from '../../../lib/calendar';
import { useIntl } from '../../../lib/i18n';
import { usePage } from '../../../PageContext';
import { FormField } from '../../forms/components/FormField';
import { contactName } from '../lib/formValues';
import { MIN_BIRTH_DATE, locationMode, needsTypedLocation, type DetailsValues, type FieldKey } from '../lib/validation';
import type { BookingPageData, FieldRule } from '../types';
import { locationLabel } from './BookerHeader';
import styles from './DetailsForm.module.css';

interface Props {
  data: BookingPageData;
  values: DetailsValues;
  errors: Partial<Record<FieldKey, string>>;
  today: IsoDate;
  set: <K extends keyof DetailsValues>(k: K, v: DetailsValues[K]) => void;
}

type TextKey = 'firstName' | 'lastName' | 'email' | 'phone' | 'dateOfBirth' | 'locationChoice' | 'location' | 'notes';

// ContactFields are the default booking form of every calendar: who is
// booking and how to reach them, each field drawn by the form engine's
// kit, with the calendar's rule (required, optional or hidden) for each.
export function ContactFields({ data, values, errors, today, set }: Props) {
  const intl = useIntl();
  const page = usePage();
  const { calendar, location } = data;
  const { fields } = calendar;
  const t = (id: string) => intl.formatMessage({ id });
  const mode = locationMode(calendar);
  const typed = needsTypedLocation(calendar, values);
  const view = (id: string, type: string, label: string, rule: FieldRule, more: Partial<FieldView> = {}): FieldView => ({
    id, type, label: t(label), required: rule === 'required', maxLength: 0, ...more,
  });
  const kit = (k: TextKey, error: string | undefined) => ({
    values: values[k] ? [values[k]] : [],
    onChange: (v: string[]) => set(k, v[0] ?? ''),
    error,
    region: location.country,
    lang: page.lang,
    name: k === 'locationChoice' ? 'locationChoice' : contactName(k),
  });
  return (
    <>
      <div className={styles.row}>
        <FormField field={view('firstName', 'text', 'booking.field.firstName', 'required')} autoComplete="given-name" {...kit('firstName', errors.firstName)} />
        <FormField field={view('lastName', 'text', 'booking.field.lastName', 'required')} autoComplete="family-name" {...kit('lastName', errors.lastName)} />
      </div>
      <FormField field={view('email', 'email', 'booking.field.email', 'required')} {...kit('email', errors.email)} />
      {fields.phone !== 'hidden' && (
        <FormField
          field={view('phone', 'phone', 'booking.field.phone', fields.phone)}
          {...kit('phone', errors.phone)}
          phone={{ country: values.phoneCountry, countryName: contactName('phoneCountry'), initial: data.phoneRegion ?? null, onCountry: (r) => set('phoneCountry', r) }}
        />
      )}
      {fields.dateOfBirth !== 'hidden' && (
        <FormField
          field={view('dateOfBirth', 'date', 'booking.field.dateOfBirth', fields.dateOfBirth, { minDate: MIN_BIRTH_DATE, maxDate: today })}
          autoComplete="bday"
          {...kit('dateOfBirth', errors.dateOfBirth)}
        />
      )}
      {mode === 'select' && (
        <FormField
          field={view('locationChoice', 'dropdown', 'booking.field.location', fields.location, {
            options: calendar.locationOptions.map((o, i) => ({ value: String(i), label: locationLabel(intl, o) })),
          })}
          choose={t('booking.field.locationChoose')}
          {...kit('locationChoice', typed ? undefined : errors.location)}
        />
      )}
      {typed && (
        <FormField
          field={view('location', 'text', mode === 'select' ? 'booking.field.locationAddress' : 'booking.field.location', fields.location, {
            placeholder: t('booking.field.locationPlaceholder'),
          })}
          autoComplete="street-address"
          {...kit('location', errors.location)}
        />
      )}
      {fields.notes !== 'hidden' && (
        <FormField field={view('notes', 'textarea', 'booking.field.notes', fields.notes, { placeholder: t('booking.field.notesPlaceholder') })} rows={3} {...kit('notes', errors.notes)} />
      )}
    </>
  );
}
