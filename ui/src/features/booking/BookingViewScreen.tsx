import { useState } from 'react';
import { FormattedMessage } from '../../lib/i18n';
import { useLocation } from 'react-router';
import { ScreenSummary } from '../../components/ScreenSummary';
import { usePage } from '../../PageContext';
import { BusinessMark } from '../../components/BusinessMark';
import { Confirmation } from './components/Confirmation';
import { DecidePanel } from './components/DecidePanel';
import type { BookingView, BookingViewData } from './types';
import styles from './Screens.module.css';

// BookingViewScreen: a booking's manage link, /widget/booking/{id} or
// several ids at once. Each booking shows its outcome and, while it can
// still change, the links to reschedule or cancel it. Opened from the
// business's decide link, a request shows the buttons to confirm or
// decline it. Right after booking, focus goes to the outcome's heading.
export function BookingViewScreen() {
  const page = usePage<BookingViewData | null>();
  const location = useLocation();
  const justBooked = (location.state as { booked?: boolean } | null)?.booked === true;
  const bookings = page.data?.bookings ?? [];
  const [decided, setDecided] = useState<BookingView | null>(null);
  if (bookings.length === 0) return <ScreenSummary title="screen.bookingView.title" lead="screen.bookingView.lead" />;
  const business = { name: bookings[0].locationName, logoUrl: '' };
  if (page.data?.decide) {
    const b = decided ?? bookings[0];
    return (
      <div className={styles.screen}>
        {business.name && <BusinessMark location={business} />}
        <Confirmation booking={b} manage={false}>
          <DecidePanel booking={b} secret={page.data.decide} onDecided={setDecided} />
        </Confirmation>
      </div>
    );
  }
  if (bookings.length === 1) {
    return (
      <div className={styles.screen}>
        {business.name && <BusinessMark location={business} />}
        <Confirmation booking={bookings[0]} focus={justBooked} />
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
