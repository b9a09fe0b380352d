import { useState } from 'react';
import { Form, useNavigation } from 'react-router';
import { FormattedMessage } from '../../../lib/i18n';
import { Button } from '../../../components/Button';
import { Field, inputClass } from '../../../components/Field';
import { usePage } from '../../../PageContext';
import type { BookingView } from '../types';
import { Alert } from '../../../components/Alert';
import styles from './DecidePanel.module.css';

interface Props {
  booking: BookingView;
}

// DecidePanel lets the business confirm or decline a request from the link
// in its mail: a form posting to its own page (the decide secret is in its
// URL), by the browser without JavaScript and by the route's action with
// it; Go answers with the page again, the booking decided, or why not.
export function DecidePanel({ booking }: Props) {
  const page = usePage();
  const navigation = useNavigation();
  const [reason, setReason] = useState(page.action?.values?.reason ?? '');
  const busy = navigation.state !== 'idle' ? ((navigation.formData?.get('decision') as 'confirm' | 'decline' | null) ?? null) : null;
  const error = busy ? null : (page.action?.message ?? null);

  if (booking.status !== 'requested') {
    return (
      <p className={styles.done} role="status">
        <FormattedMessage id={booking.status === 'cancelled' ? 'booking.decide.declined' : 'booking.decide.confirmed'} />
      </p>
    );
  }

  return (
    <Form className={styles.panel} method="post" action={page.path} aria-busy={busy ? true : undefined} onSubmit={(e) => busy && e.preventDefault()}>
      <h2 className={styles.title}>
        <FormattedMessage id="booking.decide.prompt" />
      </h2>
      <Field label={<FormattedMessage id="booking.decide.reason" />} optionalLabel={<FormattedMessage id="booking.field.optional" />}>
        {(c) => <textarea {...c} className={inputClass} name="reason" rows={2} maxLength={500} value={reason} onChange={(e) => setReason(e.target.value)} />}
      </Field>
      {error && <Alert>{error}</Alert>}
      <div className={styles.actions}>
        <Button type="submit" name="decision" value="decline" variant="secondary" busy={busy === 'decline'}>
          <FormattedMessage id={busy === 'decline' ? 'booking.decide.declining' : 'booking.decide.decline'} />
        </Button>
        <Button type="submit" name="decision" value="confirm" busy={busy === 'confirm'}>
          <FormattedMessage id={busy === 'confirm' ? 'booking.decide.confirming' : 'booking.decide.confirm'} />
        </Button>
      </div>
    </Form>
  );
}
