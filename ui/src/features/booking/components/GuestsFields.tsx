import { FormattedMessage, useIntl } from '../../../lib/i18n';
import { Field, inputClass } from '../../../components/Field';
import type { GuestValue } from '../lib/validation';
import styles from './GuestsFields.module.css';

interface Props {
  guests: GuestValue[];
  count: string;
  maxGuests: number; // the calendar's places per booking, less the booker
  errors: Record<string, string>; // by server path: guests.0.email, guestCount, guests
  addHref: string; // the same step with one more guest row, for a visitor without JavaScript
  onGuests: (g: GuestValue[]) => void;
  onCount: (c: string) => void;
  // fixed: the guests are those of a visit who have their own services:
  // one row each, none to add or remove, no bare count.
  fixed?: boolean;
}

// GuestsFields: the booker says how many people they bring, or names them,
// each with a name and an e-mail (they get their own confirmation). One
// way at a time: the count first, the names as its stated alternative;
// once a guest is named, the count gives way to the rows.
export function GuestsFields({ guests, count, maxGuests, errors, addHref, onGuests, onCount, fixed }: Props) {
  const intl = useIntl();
  const set = (i: number, k: keyof GuestValue, value: string) => onGuests(guests.map((g, j) => (j === i ? { ...g, [k]: value } : g)));
  const groupError = errors.guests;
  // More than the calendar takes is said as it is typed, in the server's words.
  const overCount = Number(count) > maxGuests ? intl.formatMessage({ id: 'validation.maxGuests' }, { max: maxGuests + 1 }) : undefined;
  return (
    <fieldset className={styles.guests} aria-describedby={groupError ? 'guests-error' : undefined}>
      <legend className={styles.legend}>
        <FormattedMessage id="booking.guests.title" />
      </legend>
      <p className={styles.hint}>
        <FormattedMessage id={fixed ? 'booking.guests.hintFixed' : 'booking.guests.hint'} values={{ max: maxGuests }} />
      </p>
      {!fixed && guests.length === 0 && (
        <>
          <Field label={<FormattedMessage id="booking.guests.count" />} error={errors.guestCount ?? overCount}>
            {(c) => (
              <input {...c} className={`${inputClass} ${styles.count}`} type="number" inputMode="numeric" min={1} max={maxGuests} name="guestCount" value={count} onChange={(e) => onCount(e.target.value)} />
            )}
          </Field>
          <p className={styles.hint}>
            <FormattedMessage id="booking.guests.byName" />
          </p>
        </>
      )}
      {guests.map((g, i) => (
        <div key={i} className={styles.row} role="group" aria-label={intl.formatMessage({ id: 'booking.guests.guest' }, { n: i + 1 })}>
          <Field label={<FormattedMessage id="booking.guests.name" values={{ n: i + 1 }} />} required error={errors[`guests.${i}.name`]}>
            {(c) => <input {...c} className={inputClass} name={`guests.${i}.name`} autoComplete="off" value={g.name} onChange={(e) => set(i, 'name', e.target.value)} />}
          </Field>
          <Field label={<FormattedMessage id="booking.guests.email" values={{ n: i + 1 }} />} required error={errors[`guests.${i}.email`]}>
            {(c) => (
              <input
                {...c}
                className={inputClass}
                type="email"
                inputMode="email"
                spellCheck={false}
                autoComplete="off"
                name={`guests.${i}.email`}
                value={g.email}
                onChange={(e) => set(i, 'email', e.target.value)}
              />
            )}
          </Field>
          {!fixed && (
            <button type="button" className={styles.remove} onClick={() => onGuests(guests.filter((_, j) => j !== i))}>
              <FormattedMessage id="booking.guests.remove" values={{ n: i + 1 }} />
            </button>
          )}
        </div>
      ))}
      {!fixed && guests.length < maxGuests && (
        <a
          className={styles.add}
          href={addHref}
          onClick={(e) => {
            e.preventDefault();
            onGuests([...guests, { name: '', email: '' }]);
          }}
        >
          <FormattedMessage id={guests.length ? 'booking.guests.addAnother' : 'booking.guests.addByName'} />
        </a>
      )}
      {groupError && (
        <p id="guests-error" className={styles.error} role="alert">
          {groupError}
        </p>
      )}
    </fieldset>
  );
}
