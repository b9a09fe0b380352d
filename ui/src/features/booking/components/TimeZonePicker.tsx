import { Suspense, useId, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from '../../../lib/i18n';
import { zoneCity, zoneName } from '../../../lib/zoneNames';
import { ZoneSearch } from '../lazyParts';
import { ChevronDown, GlobeIcon } from '../../../components/Icons';
import styles from './TimeZonePicker.module.css';

interface Props {
  value: string;
  onChange: (tz: string) => void;
  // at: the instant zone names and offsets are computed for.
  at: string;
}

// TimeZonePicker shows the zone times are in and lets the visitor search
// another by city, name or offset ("+05:30", "GMT-5"). The search
// (TimeZoneSearch) is fetched and the zone list built from Intl only when the
// picker opens, in the browser, so the server HTML and the first client
// render never depend on the engine's zone list.
export function TimeZonePicker({ value, onChange, at }: Props) {
  const intl = useIntl();
  const [open, setOpen] = useState(false);
  const wrapRef = useRef<HTMLDivElement>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const labelId = useId();
  const listId = useId();

  const close = (focusTrigger: boolean) => {
    setOpen(false);
    if (focusTrigger) triggerRef.current?.focus();
  };
  const choose = (id: string) => {
    onChange(id);
    close(true);
  };

  const current = zoneName(intl.locale, value, new Date(at));
  return (
    <div className={styles.picker} ref={wrapRef}>
      <span id={labelId} className={styles.label}>
        <FormattedMessage id="booking.timeZone.label" />
      </span>
      <button
        ref={triggerRef}
        type="button"
        className={styles.trigger}
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-labelledby={`${labelId} ${labelId}-v`}
        onClick={() => (open ? close(false) : setOpen(true))}
        onPointerEnter={ZoneSearch.preload}
        onFocus={ZoneSearch.preload}
      >
        <GlobeIcon />
        <span id={`${labelId}-v`} className={styles.value} suppressHydrationWarning>
          {current === value ? zoneCity(value) : current}
        </span>
        <ChevronDown />
      </button>
      {open && (
        <Suspense>
          <ZoneSearch.Component value={value} at={at} labelId={labelId} listId={listId} container={wrapRef} onChoose={choose} onClose={close} />
        </Suspense>
      )}
    </div>
  );
}
