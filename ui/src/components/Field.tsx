import { useId, type ReactNode } from 'react';
import styles from './Field.module.css';
import { LabelWithMark } from './LabelWithMark';

export interface ControlProps {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
  'aria-required': true | undefined;
}

interface FieldProps {
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  required?: boolean;
  // optionalLabel is shown beside the label of an optional field.
  optionalLabel?: ReactNode;
  className?: string;
  children: (control: ControlProps) => ReactNode;
}

// Field ties a label, an optional hint and an error to one control: the
// control gets aria-invalid and aria-describedby pointing at both, so a
// screen reader reads the error when the control is focused.
export function Field({ label, error, hint, required, optionalLabel, className, children }: FieldProps) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [errorId, hintId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={[styles.field, error ? styles.invalid : '', className ?? ''].filter(Boolean).join(' ')}>
      <label className={styles.label} htmlFor={id}>
        <LabelWithMark
          label={label}
          mark={
            required ? (
              <span className={styles.required} aria-hidden="true">
                *
              </span>
            ) : (
              optionalLabel && <span className={styles.optional}>{optionalLabel}</span>
            )
          }
        />
      </label>
      {children({ id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy, 'aria-required': required ? true : undefined })}
      {hint && (
        <p id={hintId} className={styles.hint}>
          {hint}
        </p>
      )}
      {error && <FieldError id={errorId!}>{error}</FieldError>}
    </div>
  );
}

interface CheckboxProps {
  label: ReactNode;
  checked: boolean;
  onChange: (checked: boolean) => void;
  error?: string;
  required?: boolean;
  name?: string;
  inputRef?: React.Ref<HTMLInputElement>;
}

// CheckboxField is a checkbox with its label beside it and its error below.
export function CheckboxField({ label, checked, onChange, error, required, name, inputRef }: CheckboxProps) {
  const id = useId();
  const errorId = error ? `${id}-error` : undefined;
  return (
    <div className={[styles.check, error ? styles.invalid : ''].filter(Boolean).join(' ')}>
      <div className={styles.checkRow}>
        <input
          ref={inputRef}
          id={id}
          name={name}
          type="checkbox"
          className={styles.checkbox}
          checked={checked}
          onChange={(e) => onChange(e.target.checked)}
          aria-invalid={error ? true : undefined}
          aria-describedby={errorId}
          aria-required={required ? true : undefined}
        />
        <label htmlFor={id} className={styles.checkLabel}>
          {label}
          {required && (
            <span className={styles.required} aria-hidden="true">
              *
            </span>
          )}
        </label>
      </div>
      {error && <FieldError id={errorId!}>{error}</FieldError>}
    </div>
  );
}

export function FieldError({ id, children }: { id: string; children: ReactNode }) {
  return (
    <p id={id} className={styles.error}>
      <svg aria-hidden="true" viewBox="0 0 16 16" width="14" height="14" className={styles.errorIcon}>
        <circle cx="8" cy="8" r="7" fill="currentColor" />
        <path d="M8 4.5v4.2M8 11.2v.3" stroke="#fff" strokeWidth="1.6" strokeLinecap="round" />
      </svg>
      <span>{children}</span>
    </p>
  );
}

// inputClass is the look of text inputs, selects and text areas.
export const inputClass = styles.input;
