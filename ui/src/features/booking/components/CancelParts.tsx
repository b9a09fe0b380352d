import type { ReactNode } from 'react';
import { Alert } from '../../../components/Alert';
import { BusinessMark } from '../../../components/BusinessMark';
import { FormattedMessage } from '../../../lib/i18n';
import { Confirmation } from './Confirmation';
import { Place } from './Place';
import { VisitServices } from './VisitServices';
import type { BookingFormat } from '../../../lib/useBookingFormat';
import type { BookingView } from '../types';
import styles from '../Screens.module.css';

// BookingFacts: what is about to be cancelled, in a few lines; for a
// visit, every service of it.
export function BookingFacts({ booking, when, zone, visit, fmt }: { booking: BookingView; when: string; zone: string; visit?: BookingView[]; fmt: BookingFormat }) {
  return (
    <dl className={styles.summary}>
      {visit ? (
        <Fact label="booking.summary.services">
          <VisitServices visit={visit} fmt={fmt} />
        </Fact>
      ) : (
        <Fact label="booking.summary.what">{booking.calendar.name}</Fact>
      )}
      <Fact label="booking.summary.when">
        <span suppressHydrationWarning>{when}</span>
        <span className={styles.soft} suppressHydrationWarning>
          {zone}
        </span>
      </Fact>
      {booking.staff?.name && !visit && <Fact label="booking.summary.with">{booking.staff.name}</Fact>}
      {booking.location && (
        <Fact label="booking.summary.where">
          <Place location={booking.location} />
        </Fact>
      )}
    </dl>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt>
        <FormattedMessage id={label} />
      </dt>
      <dd>{children}</dd>
    </div>
  );
}

// CancelOutcome: a booking that can no longer be cancelled, because it was
// (focus on its outcome when the visitor just did it) or because it is too
// late.
export function CancelOutcome({ booking, visit, focus }: { booking: BookingView; visit?: BookingView[]; focus: boolean }) {
  const business = { name: booking.locationName, logoUrl: '' };
  return (
    <div className={styles.screen}>
      {business.name && <BusinessMark location={business} />}
      {booking.status !== 'cancelled' && (
        <Alert>
          <FormattedMessage id="booking.error.linkExpired" />
        </Alert>
      )}
      <Confirmation booking={booking} visit={visit} focus={focus && booking.status === 'cancelled'} manage={false} />
    </div>
  );
}
