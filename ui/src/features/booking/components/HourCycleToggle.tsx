import { useIntl } from '../../../lib/i18n';
import type { HourCycle } from '../../../lib/useBookingFormat';
import styles from './HourCycleToggle.module.css';

// HourCycleToggle switches times between 12-hour and 24-hour clocks.
export function HourCycleToggle({ value, onChange }: { value: HourCycle; onChange: (hc: HourCycle) => void }) {
  const intl = useIntl();
  const options: { hc: HourCycle; label: string }[] = [
    { hc: 'h12', label: intl.formatMessage({ id: 'booking.hourCycle.h12' }) },
    { hc: 'h23', label: intl.formatMessage({ id: 'booking.hourCycle.h24' }) },
  ];
  return (
    <div className={styles.toggle} role="group" aria-label={intl.formatMessage({ id: 'booking.hourCycle.label' })}>
      {options.map((o) => (
        <button key={o.hc} type="button" className={styles.option} aria-pressed={value === o.hc} onClick={() => onChange(o.hc)}>
          {o.label}
        </button>
      ))}
    </div>
  );
}
