import { CheckboxField, Field, inputClass } from '../../../components/Field';
import { WithPrivacy } from '../../../components/WithPrivacy';
import { useIntl } from '../../../lib/i18n';
import type { FieldView } from '../../../generated/forms';
import { ChoiceField } from './ChoiceField';
import { ownText } from './ownText';
import { PhoneInput, type RegionChoice } from './PhoneInput';

// PhoneProps are a phone field's country: chosen, named and posted.
export interface PhoneProps {
  country: string;
  countryName: string;
  initial: RegionChoice | null;
  onCountry: (region: string) => void;
}

interface Props {
  field: FieldView;
  values: string[];
  error?: string;
  region: string;
  lang: string;
  onChange: (values: string[]) => void;
  // onBlur: the visitor left the field (a form checks what they typed then).
  onBlur?: () => void;
  // A form other than the engine's own (the booker's contact fields) names
  // its controls itself and says what the browser may fill in.
  name?: string;
  autoComplete?: string;
  choose?: string; // a dropdown's first, empty option
  rows?: number;
  phone?: PhoneProps;
}

// fieldName is how an answer is named in the form's post (as the server
// reads it: answers.<id>).
export const fieldName = (id: string) => `answers.${id}`;

const AUTOCOMPLETE: Record<string, string> = { name: 'name', email: 'email', phone: 'tel' };

// FormField is one question of the form engine, drawn by its type with
// its label, help and error tied to the control.
export function FormField({ field, values, error, region, lang, onChange, onBlur, name = fieldName(field.id), autoComplete, choose, rows = 5, phone }: Props) {
  const intl = useIntl();
  const optional = intl.formatMessage({ id: 'booking.field.optional' });
  const value = values[0] ?? '';
  const set = (v: string) => onChange(v === '' ? [] : [v]);
  switch (field.type) {
    case 'hidden':
      return null;
    case 'single':
    case 'multiple':
    case 'rating':
      return <ChoiceField field={field} name={name} values={values} error={error} optionalLabel={optional} onChange={onChange} />;
    case 'consent':
      return (
        <div data-field={field.id}>
          <CheckboxField name={name} label={<WithPrivacy>{ownText(field, field.label)}</WithPrivacy>} required={field.required} error={error} checked={value !== ''} onChange={(c) => set(c ? 'on' : '')} />
        </div>
      );
  }
  const hint = field.type === 'phone' && !field.help && !phone ? phoneHint(intl, region, lang) : ownText(field, field.help);
  return (
    <div data-field={field.id}>
      <Field label={ownText(field, field.label)} required={field.required} optionalLabel={optional} error={error} hint={hint || undefined}>
        {(c) => {
          const common = { ...c, name, className: inputClass, value, placeholder: field.placeholder || undefined, onBlur };
          switch (field.type) {
            case 'textarea':
              return <textarea {...common} rows={rows} maxLength={field.maxLength || undefined} onChange={(e) => set(e.target.value)} />;
            case 'dropdown':
              return (
                <select {...common} onChange={(e) => set(e.target.value)}>
                  <option value="">{choose ?? intl.formatMessage({ id: 'form.choose' })}</option>
                  {(field.options ?? []).map((o) => (
                    <option key={o.value} value={o.value} lang={field.lang}>
                      {o.label}
                    </option>
                  ))}
                </select>
              );
            case 'number':
              return (
                <input {...common} type="number" inputMode={field.integer ? 'numeric' : 'decimal'} min={field.min} max={field.max} step={field.integer ? 1 : 'any'} onChange={(e) => set(e.target.value)} />
              );
            case 'date':
              return <input {...common} type="date" autoComplete={autoComplete} min={field.minDate || undefined} max={field.maxDate || undefined} onChange={(e) => set(e.target.value)} />;
            case 'phone':
              if (phone)
                return (
                  <PhoneInput
                    control={c}
                    name={name}
                    countryName={phone.countryName}
                    countryLabel={intl.formatMessage({ id: 'booking.field.phoneCountry' })}
                    value={value}
                    country={phone.country}
                    initial={phone.initial}
                    lang={lang}
                    onChange={set}
                    onCountry={phone.onCountry}
                  />
                );
          }
          const type = field.type === 'email' ? 'email' : field.type === 'phone' ? 'tel' : 'text';
          return (
            <input
              {...common}
              type={type}
              inputMode={field.type === 'email' ? 'email' : field.type === 'phone' ? 'tel' : undefined}
              autoComplete={autoComplete ?? AUTOCOMPLETE[field.type]}
              spellCheck={field.type === 'email' ? false : undefined}
              maxLength={field.maxLength || undefined}
              onChange={(e) => set(e.target.value)}
            />
          );
        }}
      </Field>
    </div>
  );
}

// phoneHint says in which country a number without a country code is read.
function phoneHint(intl: ReturnType<typeof useIntl>, region: string, lang: string): string {
  if (!region) return '';
  let country = region;
  try {
    country = new Intl.DisplayNames([lang], { type: 'region' }).of(region) ?? region;
  } catch {
    // a browser without region names shows the code
  }
  return intl.formatMessage({ id: 'form.phone.hint' }, { country });
}
