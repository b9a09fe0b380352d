import { Link } from 'react-router';
import { useIntl } from '../../../lib/i18n';
import { usePage } from '../../../PageContext';
import { localizedPath } from '../../../lib/format';
import type { BookingFormat } from '../../../lib/useBookingFormat';
import type { BookingView } from '../types';
import styles from './VisitServices.module.css';

// A visit's services in the order they take place: each one's times, its
// name, who takes it and, for a guest's service, whom it is for. A service
// cancelled alone stays in the list, struck through, so what is left reads
// true; while one can be cancelled alone (the business allows it, and more
// than one still holds), it has its own link.
export function VisitServices({ visit, fmt }: { visit: BookingView[]; fmt: BookingFormat }) {
  const intl = useIntl();
  const page = usePage();
  const holding = visit.filter((b) => b.status !== 'cancelled').length;
  return (
    <ol className={styles.list}>
      {inOrder(visit).map((b) => {
        const cancelled = b.status === 'cancelled';
        return (
          <li key={b.id} className={cancelled ? styles.cancelled : undefined}>
            <span className={styles.time} suppressHydrationWarning>
              {intl.formatMessage({ id: 'booking.timeRange' }, { start: fmt.time(b.start), end: fmt.time(b.end) })}
            </span>
            <span className={styles.name}>
              {b.calendar.name}
              {cancelled && holding > 0 && <span className="visually-hidden"> ({intl.formatMessage({ id: 'booking.status.cancelled' })})</span>}
            </span>
            <span className={styles.who}>
              {[b.staff?.name, b.forGuest && b.guests?.[0] ? intl.formatMessage({ id: 'booking.visit.forGuest' }, { name: b.guests[0].name }) : '']
                .filter(Boolean)
                .join(' · ')}
            </span>
            {b.cancelOneUrl && b.canChange && !cancelled && holding > 1 && (
              <Link className={styles.one} to={localizedPath(b.cancelOneUrl, page.locale)}>
                {intl.formatMessage({ id: 'booking.visit.cancelOne' }, { service: b.calendar.name })}
              </Link>
            )}
          </li>
        );
      })}
    </ol>
  );
}

// inOrder: by start, the booker's own service before a guest's at the
// same time.
function inOrder(visit: BookingView[]): BookingView[] {
  const at = (b: BookingView) => new Date(b.start).getTime();
  return [...visit].sort((a, b) => at(a) - at(b) || Number(a.forGuest) - Number(b.forGuest));
}

// visitSpan is what of a visit still holds, first start to last end (all
// of it when nothing does), and the booking whose links act for it: the
// booker's first service.
export function visitSpan(visit: BookingView[]) {
  const holding = visit.filter((b) => b.status !== 'cancelled');
  const shown = inOrder(holding.length > 0 ? holding : visit);
  const start = shown[0].start;
  const end = shown.reduce((last, b) => (b.end > last ? b.end : last), shown[0].end);
  const minutes = Math.round((new Date(end).getTime() - new Date(start).getTime()) / 60000);
  return { lead: shown.find((b) => !b.forGuest) ?? shown[0], start, end, minutes, holding };
}
