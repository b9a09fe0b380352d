import type { Quote } from '../../generated/shop';
import { FormattedMessage, useIntl } from '../../lib/i18n';
import { formatMoney } from '../../lib/money';
import styles from './Shop.module.css';

// Totals is what a cart or an order costs, the same way on every screen
// and in every mail: the lines' sum, shipping, the tax (inside the total
// or added to it) and the total.
export function Totals({ q }: { q: Pick<Quote, 'currency' | 'subtotalCents' | 'shippingCents' | 'taxCents' | 'totalCents' | 'taxInclusive' | 'taxName' | 'taxBasisPoints' | 'delivery'> }) {
  const intl = useIntl();
  const money = (n: number) => formatMoney(intl, n, q.currency);
  const rate = intl.formatNumber(q.taxBasisPoints / 10000, { style: 'percent', maximumFractionDigits: 2 });
  const taxName = q.taxName || intl.formatMessage({ id: 'shop.tax' });
  return (
    <>
    <dl className={styles.totals}>
      <div>
        <dt>
          <FormattedMessage id="shop.subtotal" />
        </dt>
        <dd>{money(q.subtotalCents)}</dd>
      </div>
      {q.delivery === 'ship' && (
        <div>
          <dt>
            <FormattedMessage id="shop.shipping" />
          </dt>
          <dd>{q.shippingCents === 0 ? <FormattedMessage id="shop.free" /> : money(q.shippingCents)}</dd>
        </div>
      )}
      {q.taxCents > 0 && !q.taxInclusive && (
        <div>
          <dt>
            {taxName} ({rate})
          </dt>
          <dd>{money(q.taxCents)}</dd>
        </div>
      )}
      <div className={styles.total}>
        <dt>
          <FormattedMessage id="shop.total" />
        </dt>
        <dd>{money(q.totalCents)}</dd>
      </div>
    </dl>
      {q.taxCents > 0 && q.taxInclusive && (
        <p className={styles.taxNote}>
          <FormattedMessage id="shop.taxIncluded" values={{ name: taxName, amount: money(q.taxCents) }} />
        </p>
      )}
    </>
  );
}
