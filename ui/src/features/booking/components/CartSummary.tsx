import { FormattedMessage, useIntl } from '../../../lib/i18n';
import { formatDuration } from '../../../lib/format';
import { formatMoney } from '../../../lib/money';
import type { MenuService } from '../types';
import styles from './CartSummary.module.css';

// CartSummary lists the services of a visit, back to back, with their
// length and price and the totals; a guest's own services under their name.
export function CartSummary({ items, guestItems = [], currency }: { items: MenuService[]; guestItems?: MenuService[][]; currency: string }) {
  const intl = useIntl();
  const price = (minor: number) => formatMoney(intl, minor, currency);
  const everyone = [items, ...guestItems].flat();
  const total = everyone.reduce((n, i) => n + i.priceCents, 0);
  const minutes = Math.max(...[items, ...guestItems].map((list) => list.reduce((n, i) => n + i.durationMinutes, 0)));
  const list = (services: MenuService[]) => (
    <ol className={styles.items}>
      {services.map((i) => (
        <li key={i.slug}>
          <span lang={i.lang}>{i.name}</span>
          <span className={styles.meta}>
            {formatDuration(intl, i.durationMinutes)}
            {i.priceCents > 0 && ` · ${price(i.priceCents)}`}
          </span>
        </li>
      ))}
    </ol>
  );
  return (
    <section className={styles.cart} aria-labelledby="cart-title">
      <h2 id="cart-title" className={styles.title}>
        <FormattedMessage id="booking.menu.selected" values={{ count: everyone.length }} />
      </h2>
      {guestItems.length > 0 && (
        <h3 className={styles.person}>
          <FormattedMessage id="booking.menu.you" />
        </h3>
      )}
      {list(items)}
      {guestItems.map((services, g) => (
        <div key={g}>
          <h3 className={styles.person}>
            <FormattedMessage id="booking.guests.guest" values={{ n: g + 1 }} />
          </h3>
          {list(services)}
        </div>
      ))}
      <p className={styles.total}>
        <FormattedMessage id="booking.menu.total" values={{ duration: formatDuration(intl, minutes) }} />
        {total > 0 && ` · ${price(total)}`}
      </p>
    </section>
  );
}
