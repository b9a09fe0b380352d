import { useEffect, useId, useState } from 'react';
import { FormattedMessage } from '../../../lib/i18n';
import { initials } from '../../../components/BusinessMark';
import { KeepParams } from './KeepParams';
import styles from './StaffPicker.module.css';

interface Props {
  staff: { id: number; name: string }[];
  value: number | null; // null: any available
  allowAny: boolean;
  onChange: (id: number | null) => void;
  // The step's URL: a GET form, with a button to submit it when no script
  // acts on the change.
  action: string;
  params: URLSearchParams;
}

// StaffPicker chooses who the appointment is with: "Any available" (when
// the calendar allows it) or a named person. Native radios, so arrows move
// between people and a screen reader knows how many there are.
export function StaffPicker({ staff, value, allowAny, onChange: changed, action, params }: Props) {
  const name = 'staff';
  const legendId = useId();
  // The choice shows at once; the URL (and so value) follows a moment later.
  const [chosen, setChosen] = useState(value);
  useEffect(() => setChosen(value), [value]);
  const onChange = (id: number | null) => {
    setChosen(id);
    changed(id);
  };
  return (
    <form method="get" action={action} className={styles.form}>
    <KeepParams params={params} omit={['staff', 'date', 'time', 'times']} />
    <fieldset className={styles.picker} aria-labelledby={legendId}>
      <legend id={legendId} className={styles.legend}>
        <FormattedMessage id={allowAny ? 'booking.staff.label' : 'booking.staff.choose'} />
      </legend>
      <div className={styles.options}>
        {allowAny && (
          <label className={styles.option}>
            <input type="radio" name={name} value="" className={styles.radio} checked={chosen === null} onChange={() => onChange(null)} />
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
            <input type="radio" name={name} value={String(s.id)} className={styles.radio} checked={chosen === s.id} onChange={() => onChange(s.id)} />
            <span className={styles.avatar} aria-hidden="true">
              {initials(s.name)}
            </span>
            <span className={styles.name}>{s.name}</span>
          </label>
        ))}
      </div>
      <button type="submit" className={`${styles.show} nojs-only`}>
        <FormattedMessage id="booking.staff.show" />
      </button>
    </fieldset>
    </form>
  );
}
