import { Alert } from './Alert';
import type { PriceInfo } from '../generated/web';
import { FormattedMessage, useIntl } from '../lib/i18n';
import { formatMoney, quote } from '../lib/money';
import styles from './PaymentSummary.module.css';

interface Props {
  price: PriceInfo;
  seats: number;
  occurrences: number;
}

// PaymentSummary is the payment step of the details form: what the
// booking costs, what is paid now and how, and what happens on a
// cancellation; or, when online payment is not set up, that it cannot be
// booked online. It loads with the details step, never on the first screen.
export function PaymentSummary({ price, seats, occurrences }: Props) {
  const intl = useIntl();
  const q = quote(price, seats, occurrences);
  const money = (n: number) => formatMoney(intl, n, price.currency);
  const online = price.payment === 'online' && q.payNow > 0;
  if (online && !price.online) return <Alert>{intl.formatMessage({ id: 'payment.error.notSetUp' })}</Alert>;
  return (
    <section className={styles.summary} aria-labelledby="payment-summary-title">
      <h3 id="payment-summary-title" className={styles.title}>
        <FormattedMessage id={online ? 'payment.secure' : 'payment.summary'} />
      </h3>
      <dl className={styles.amounts}>
        {price.perPerson && seats > 1 && (
          <div>
            <dt>
              <FormattedMessage id="payment.perPerson" />
            </dt>
            <dd>{money(price.amount)}</dd>
          </div>
        )}
        <div>
          <dt>
            <FormattedMessage id="payment.total" />
          </dt>
          <dd>{money(q.total)}</dd>
        </div>
        {online && (
          <div className={styles.now}>
            <dt>
              <FormattedMessage id="payment.payNow" />
            </dt>
            <dd>{money(q.payNow)}</dd>
          </div>
        )}
        {online && q.payNow < q.total && (
          <div>
            <dt>
              <FormattedMessage id="payment.dueOnSite" />
            </dt>
            <dd>{money(q.total - q.payNow)}</dd>
          </div>
        )}
      </dl>
      <p className={styles.note}>
        {online ? (
          <>
            <FormattedMessage id="payment.secureLead" /> <FormattedMessage id="payment.hold" values={{ minutes: price.holdMinutes }} />{' '}
            <RefundPolicy price={price} />
          </>
        ) : (
          <FormattedMessage id="payment.onSite" />
        )}
      </p>
    </section>
  );
}

function RefundPolicy({ price }: { price: PriceInfo }) {
  if (price.refundPolicy === 'window') return <FormattedMessage id="payment.refundPolicy.window" values={{ hours: price.refundWindowHours }} />;
  return <FormattedMessage id={price.refundPolicy === 'never' ? 'payment.refundPolicy.never' : 'payment.refundPolicy.business'} />;
}
