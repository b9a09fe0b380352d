import { useId } from 'react';
import { FieldError } from '../../../components/Field';
import { useIntl } from '../../../lib/i18n';
import type { FieldView } from '../../../generated/forms';
import styles from '../Forms.module.css';
import { LabelWithMark } from '../../../components/LabelWithMark';
import { ownText } from './ownText';

interface Props {
  field: FieldView;
  name: string;
  values: string[];
  error?: string;
  optionalLabel: string;
  onChange: (values: string[]) => void;
}

// ChoiceField is a group of radio buttons (one choice, a rating) or check
// boxes (several), in a fieldset whose legend is the question, so a screen
// reader names the group and reads its error with it.
export function ChoiceField({ field, name, values, error, optionalLabel, onChange }: Props) {
  const intl = useIntl();
  const id = useId();
  const multi = field.type === 'multiple';
  const rating = field.type === 'rating';
  const options = rating
    ? Array.from({ length: field.scale || 5 }, (_, i) => ({ value: String(i + 1), label: String(i + 1) }))
    : (field.options ?? []);
  const hintId = field.help ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const toggle = (value: string, checked: boolean) => {
    if (!multi) return onChange([value]);
    onChange(checked ? [...values.filter((v) => v !== value), value] : values.filter((v) => v !== value));
  };
  return (
    <fieldset
      className={[styles.group, error ? styles.invalid : ''].filter(Boolean).join(' ')}
      aria-describedby={[errorId, hintId].filter(Boolean).join(' ') || undefined}
      data-invalid={error ? true : undefined}
      data-field={field.id}
    >
      <legend className={styles.legend}>
        <LabelWithMark
          label={ownText(field, field.label)}
          mark={
            field.required ? (
              <span className={styles.required} aria-hidden="true">
                *
              </span>
            ) : (
              <span className={styles.optional}>{optionalLabel}</span>
            )
          }
        />
      </legend>
      {field.help && (
        <p id={hintId} className={styles.hint} lang={field.lang}>
          {field.help}
        </p>
      )}
      <div className={rating ? styles.scale : styles.options}>
        {options.map((o) => {
          const optionId = `${id}-${o.value}`;
          return (
            <label key={o.value} className={rating ? styles.point : styles.option} htmlFor={optionId}>
              <input
                id={optionId}
                type={multi ? 'checkbox' : 'radio'}
                name={name}
                value={o.value}
                checked={values.includes(o.value)}
                onChange={(e) => toggle(o.value, e.target.checked)}
                aria-label={rating ? intl.formatMessage({ id: 'form.rating.value' }, { value: Number(o.value), max: options.length }) : undefined}
              />
              <span lang={field.lang}>{o.label}</span>
            </label>
          );
        })}
      </div>
      {rating && (
        <p className={styles.scaleEnds} aria-hidden="true">
          <span>{intl.formatMessage({ id: 'form.rating.low' })}</span>
          <span>{intl.formatMessage({ id: 'form.rating.high' })}</span>
        </p>
      )}
      {error && <FieldError id={errorId!}>{error}</FieldError>}
    </fieldset>
  );
}
