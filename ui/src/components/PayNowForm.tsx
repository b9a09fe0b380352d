import { useState, type FormEvent } from 'react';
import { Alert } from './Alert';
import { Button } from './Button';
import { FormattedMessage, useIntl } from '../lib/i18n';
import { usePage } from '../PageContext';
import { href } from '../routes';
import { goToCheckout, openCheckout } from '../lib/checkout';

interface Props {
  bookingId: string;
  token: string;
  amount: string; // formatted
  bookingPage: string; // where Back from the checkout should land
}

// PayNowForm opens the checkout of a held booking. Without JavaScript it
// posts to the payment page, which answers with the provider's page.
export function PayNowForm({ bookingId, token, amount, bookingPage }: Props) {
  const page = usePage();
  const intl = useIntl();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    setBusy(true);
    setError(null);
    const res = await openCheckout(bookingId, token, page.locale, page.lang);
    if ('url' in res) return goToCheckout(res.url, bookingPage, res.result);
    setBusy(false);
    setError(res.message ?? intl.formatMessage({ id: 'payment.error.unavailable' }));
  };
  return (
    <form method="post" action={href('verifyPayment', page.locale)} onSubmit={onSubmit} aria-busy={busy || undefined}>
      <input type="hidden" name="booking" value={bookingId} />
      <input type="hidden" name="token" value={token} />
      {error && <Alert>{error}</Alert>}
      <Button type="submit" block busy={busy}>
        <FormattedMessage id="payment.payNowButton" values={{ amount }} />
      </Button>
    </form>
  );
}
