import { useRef, type ReactNode } from 'react';
import { Button } from '../../../components/Button';
import { Dialog, dialogActionsClass } from '../../../components/Dialog';
import { Alert } from '../../../components/Alert';
import { BusinessMark } from '../../../components/BusinessMark';
import { FormattedMessage } from '../../../lib/i18n';
import { Confirmation } from './Confirmation';
import type { BookingView } from '../types';
import styles from '../Screens.module.css';

// BookingFacts: what is about to be cancelled, in a few lines.
export function BookingFacts({ booking, when, zone }: { booking: BookingView; when: string; zone: string }) {
  return (
    <dl className={styles.summary}>
      <Fact label="booking.summary.what">{booking.calendar.name}</Fact>
      <Fact label="booking.summary.when">
        <span suppressHydrationWarning>{when}</span>
        <span className={styles.soft} suppressHydrationWarning>
          {zone}
        </span>
      </Fact>
      {booking.staff?.name && <Fact label="booking.summary.with">{booking.staff.name}</Fact>}
      {booking.location && <Fact label="booking.summary.where">{booking.location}</Fact>}
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

// ConfirmCancel asks once more, with "keep it" first and focused.
export function ConfirmCancel({ open, busy, when, onKeep, onConfirm }: { open: boolean; busy: boolean; when: string; onKeep: () => void; onConfirm: () => void }) {
  const keepRef = useRef<HTMLButtonElement>(null);
  return (
    <Dialog
      open={open}
      onClose={() => !busy && onKeep()}
      title={<FormattedMessage id="booking.cancel.dialogTitle" />}
      description={<FormattedMessage id="booking.cancel.dialogText" values={{ when }} />}
      initialFocus={keepRef}
    >
      <div className={dialogActionsClass}>
        <Button ref={keepRef} variant="secondary" onClick={onKeep} disabled={busy}>
          <FormattedMessage id="booking.cancel.keep" />
        </Button>
        <Button variant="danger" onClick={() => !busy && onConfirm()} busy={busy}>
          <FormattedMessage id={busy ? 'booking.cancelling' : 'booking.cancel.confirm'} />
        </Button>
      </div>
    </Dialog>
  );
}

// CancelOutcome: a booking that can no longer be cancelled, because it was
// (focus on its outcome when the visitor just did it) or because it is too
// late.
export function CancelOutcome({ booking, focus }: { booking: BookingView; focus: boolean }) {
  const business = { name: booking.locationName, logoUrl: '' };
  return (
    <div className={styles.screen}>
      {business.name && <BusinessMark location={business} />}
      {booking.status !== 'cancelled' && (
        <Alert>
          <FormattedMessage id="booking.error.linkExpired" />
        </Alert>
      )}
      <Confirmation booking={booking} focus={focus && booking.status === 'cancelled'} manage={false} />
    </div>
  );
}
