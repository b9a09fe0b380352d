import { FormattedMessage } from 'react-intl';
import { ScreenSummary } from '../../components/ScreenSummary';
import { usePage } from '../../PageContext';
import { BusinessMark } from './components/BookerHeader';
import { Confirmation } from './components/Confirmation';
import type { BookingViewData } from './types';
import styles from './Screens.module.css';

// BookingViewScreen: a booking's manage link, /widget/booking/{id} or
// several ids at once. Each booking shows its outcome and, while it can
// still change, the links to reschedule or cancel it.
export function BookingViewScreen() {
  const page = usePage<BookingViewData | null>();
  const bookings = page.data?.bookings ?? [];
  if (bookings.length === 0) return <ScreenSummary />;
  const business = { name: bookings[0].locationName, logoUrl: '' };
  if (bookings.length === 1) {
    return (
      <div className={styles.screen}>
        {business.name && <BusinessMark location={business} />}
        <Confirmation booking={bookings[0]} />
      </div>
    );
  }
  return (
    <div className={styles.screen}>
      {business.name && <BusinessMark location={business} />}
      <h1 className={styles.title}>
        <FormattedMessage id="booking.view.titleMany" />
      </h1>
      <ul className={styles.list}>
        {bookings.map((b) => (
          <li key={b.id} className={styles.item}>
            <Confirmation booking={b} heading="h2" />
          </li>
        ))}
      </ul>
    </div>
  );
}
