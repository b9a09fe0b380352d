import { FormattedMessage, useIntl } from 'react-intl';
import { formatDuration } from '../lib/format';
import type { MenuService } from '../types';
import styles from './CartSummary.module.css';

// CartSummary lists the services of a visit, back to back, with their
// length and price and the totals.
export function CartSummary({ items, currency }: { items: MenuService[]; currency: string }) {
  const intl = useIntl();
  const price = (cents: number) => intl.formatNumber(cents / 100, { style: 'currency', currency });
  const total = items.reduce((n, i) => n + i.priceCents, 0);
  const minutes = items.reduce((n, i) => n + i.durationMinutes, 0);
  return (
    <section className={styles.cart} aria-labelledby="cart-title">
      <h2 id="cart-title" className={styles.title}>
        <FormattedMessage id="booking.menu.selected" values={{ count: items.length }} />
      </h2>
      <ol className={styles.items}>
        {items.map((i) => (
          <li key={i.slug}>
            <span>{i.name}</span>
            <span className={styles.meta}>
              {formatDuration(intl, i.durationMinutes)}
              {i.priceCents > 0 && ` · ${price(i.priceCents)}`}
            </span>
          </li>
        ))}
      </ol>
      <p className={styles.total}>
        <FormattedMessage id="booking.menu.total" values={{ duration: formatDuration(intl, minutes) }} />
        {total > 0 && ` · ${price(total)}`}
      </p>
    </section>
  );
}
