import { useId } from 'react';
import { FormattedMessage } from 'react-intl';
import { initials } from '../lib/format';
import styles from './StaffPicker.module.css';

interface Props {
  staff: { id: number; name: string }[];
  value: number | null; // null: any available
  allowAny: boolean;
  onChange: (id: number | null) => void;
}

// StaffPicker chooses who the appointment is with: "Any available" (when
// the calendar allows it) or a named person. Native radios, so arrows move
// between people and a screen reader knows how many there are.
export function StaffPicker({ staff, value, allowAny, onChange }: Props) {
  const name = useId();
  const legendId = useId();
  return (
    <fieldset className={styles.picker} aria-labelledby={legendId}>
      <legend id={legendId} className={styles.legend}>
        <FormattedMessage id={allowAny ? 'booking.staff.label' : 'booking.staff.choose'} />
      </legend>
      <div className={styles.options}>
        {allowAny && (
          <label className={styles.option}>
            <input type="radio" name={name} className={styles.radio} checked={value === null} onChange={() => onChange(null)} />
            <span className={`${styles.avatar} ${styles.any}`} aria-hidden="true">
              ✦
            </span>
            <span className={styles.name}>
              <FormattedMessage id="booking.staff.any" />
            </span>
          </label>
        )}
        {staff.map((s) => (
          <label key={s.id} className={styles.option}>
            <input type="radio" name={name} className={styles.radio} checked={value === s.id} onChange={() => onChange(s.id)} />
            <span className={styles.avatar} aria-hidden="true">
              {initials(s.name)}
            </span>
            <span className={styles.name}>{s.name}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
