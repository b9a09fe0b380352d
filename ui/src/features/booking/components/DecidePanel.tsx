import { useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from '../../../lib/i18n';
import { Button } from '../../../components/Button';
import { Field, inputClass } from '../../../components/Field';
import { usePage } from '../../../PageContext';
import { useIdempotencyKey } from '../hooks/useIdempotencyKey';
import { decideBooking } from '../lib/mutations';
import type { BookingView } from '../types';
import { Alert } from '../../../components/Alert';
import styles from './DecidePanel.module.css';

interface Props {
  booking: BookingView;
  secret: string; // the decide secret of the business's mail
  onDecided: (b: BookingView) => void;
}

// DecidePanel lets the business confirm or decline a request from the link
// in its mail. A form posting to its own page, so it works without
// JavaScript; with it, the JSON API answers in place.
export function DecidePanel({ booking, secret, onDecided }: Props) {
  const intl = useIntl();
  const page = usePage();
  const [reason, setReason] = useState(page.action?.values?.reason ?? '');
  const [busy, setBusy] = useState<'confirm' | 'decline' | null>(null);
  const [error, setError] = useState<string | null>(page.action?.message ?? null);
  const keyFor = useIdempotencyKey();

  if (booking.status !== 'requested') {
    return (
      <p className={styles.done} role="status">
        <FormattedMessage id={booking.status === 'cancelled' ? 'booking.decide.declined' : 'booking.decide.confirmed'} />
      </p>
    );
  }

  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const submitter = (e.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    const confirm = submitter?.value !== 'decline';
    if (busy) return;
    const body = { token: secret, confirm, reason: confirm ? '' : reason.trim() };
    setBusy(confirm ? 'confirm' : 'decline');
    setError(null);
    try {
      const res = await decideBooking(booking.id, body, keyFor({ id: booking.id, ...body }), page.lang);
      if (res.ok) onDecided(res.body);
      else setError(res.error?.message || intl.formatMessage({ id: 'booking.error.unableToSchedule' }));
    } catch {
      setError(intl.formatMessage({ id: 'booking.error.unableToSchedule' }));
    } finally {
      setBusy(null);
    }
  };

  return (
    <form className={styles.panel} method="post" onSubmit={submit} aria-busy={busy ? true : undefined}>
      <h2 className={styles.title}>
        <FormattedMessage id="booking.decide.prompt" />
      </h2>
      <Field label={<FormattedMessage id="booking.decide.reason" />} optionalLabel={<FormattedMessage id="booking.field.optional" />}>
        {(c) => <textarea {...c} className={inputClass} name="reason" rows={2} maxLength={500} value={reason} onChange={(e) => setReason(e.target.value)} />}
      </Field>
      {error && (
        <Alert>{error}</Alert>
      )}
      <div className={styles.actions}>
        <Button type="submit" name="decision" value="decline" variant="secondary" busy={busy === 'decline'}>
          <FormattedMessage id={busy === 'decline' ? 'booking.decide.declining' : 'booking.decide.decline'} />
        </Button>
        <Button type="submit" name="decision" value="confirm" busy={busy === 'confirm'}>
          <FormattedMessage id={busy === 'confirm' ? 'booking.decide.confirming' : 'booking.decide.confirm'} />
        </Button>
      </div>
    </form>
  );
}
