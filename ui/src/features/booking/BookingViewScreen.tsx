import { FormattedMessage } from '../../lib/i18n';
import { useNavigationType } from 'react-router';
import { Alert } from '../../components/Alert';
import { usePage } from '../../PageContext';
import { BusinessMark } from '../../components/BusinessMark';
import { Confirmation } from './components/Confirmation';
import { DecidePanel } from './components/DecidePanel';
import { visitSpan } from './components/VisitServices';
import type { BookingViewData } from './types';
import styles from './Screens.module.css';

// BookingViewScreen: a booking's manage link, /widget/booking/{id} or
// several ids at once. Each booking shows its outcome and, while it can
// still change, the links to reschedule or cancel it; a visit's services
// show as one outcome. Opened from the
// business's decide link, a request shows the buttons to confirm or
// decline it. Right after booking, focus goes to the outcome's heading.
export function BookingViewScreen() {
  const page = usePage<BookingViewData | null>();
  // Arrived here by the app's own navigation (the booker's action led
  // here), not opened from a mail or reloaded.
  const justBooked = useNavigationType() !== 'POP';
  const bookings = page.data?.bookings ?? [];
  // Go's loader sends at least one booking, or an error page instead.
  if (bookings.length === 0) throw new Error('a booking page without its booking');
  const business = { name: bookings[0].locationName, logoUrl: '' };
  if (page.data?.decide) {
    const b = bookings[0];
    return (
      <div className={styles.screen}>
        {business.name && <BusinessMark location={business} />}
        <Confirmation booking={b} manage={false}>
          <DecidePanel booking={b} />
        </Confirmation>
      </div>
    );
  }
  // Why the last step did not go through (a "Pay now" without JavaScript).
  const notice = page.data?.notice ? <Alert>{page.data.notice}</Alert> : null;
  // A visit (a cart booked back to back) is one outcome, not a card per service.
  if (bookings.length > 1 && bookings.every((b) => b.visit)) {
    return (
      <div className={styles.screen}>
        {business.name && <BusinessMark location={business} />}
        {notice}
        <Confirmation booking={visitSpan(bookings).lead} visit={bookings} focus={justBooked} />
      </div>
    );
  }
  if (bookings.length === 1) {
    return (
      <div className={styles.screen}>
        {business.name && <BusinessMark location={business} />}
        {notice}
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
      {notice}
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
