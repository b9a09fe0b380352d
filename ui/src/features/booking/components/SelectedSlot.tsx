import { FormattedMessage } from '../../../lib/i18n';
import { dateInZone } from '../../../lib/calendar';
import type { BookingFormat } from '../../../lib/useBookingFormat';
import { CalendarIcon, ClockIcon, GlobeIcon, PersonIcon } from '../../../components/Icons';
import styles from './SelectedSlot.module.css';

interface Props {
  start: string;
  durationMinutes: number;
  timeZone: string;
  staffName: string | null; // null: any available
  showStaff: boolean;
  fmt: BookingFormat;
}

// SelectedSlot sums up the chosen time beside the details form.
export function SelectedSlot({ start, durationMinutes, timeZone, staffName, showStaff, fmt }: Props) {
  const end = new Date(new Date(start).getTime() + durationMinutes * 60000);
  return (
    <ul className={styles.summary}>
      <li>
        <CalendarIcon />
        <span suppressHydrationWarning>{fmt.dayLong(dateInZone(start, timeZone))}</span>
      </li>
      <li>
        <ClockIcon />
        <span suppressHydrationWarning>
          {fmt.intl.formatMessage({ id: 'booking.timeRange' }, { start: fmt.time(start), end: fmt.time(end) })} · {fmt.duration(durationMinutes)}
        </span>
      </li>
      <li>
        <GlobeIcon />
        <span suppressHydrationWarning>{fmt.zone(start)}</span>
      </li>
      {showStaff && (
        <li>
          <PersonIcon />
          <span>{staffName ?? <FormattedMessage id="booking.staff.any" />}</span>
        </li>
      )}
    </ul>
  );
}
