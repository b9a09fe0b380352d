import { useId } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { BusinessMark } from './components/BookerHeader';
import { CartSummary } from './components/CartSummary';
import { ClockIcon } from './components/Icons';
import { KeepParams } from './components/KeepParams';
import { useBookerUrl } from './hooks/useBookerUrl';
import { formatDuration } from './lib/format';
import type { MenuPageData, MenuService } from './types';
import styles from './MenuScreen.module.css';

// MenuScreen: a service menu (/widget/service-menus/{slug},
// /widget/service-menu/{id}). Services by category, each with its length
// and price, added to a cart that lives in the URL (?cart=a,b): every
// button is a GET form, so the menu works without JavaScript, and Back
// and reload keep the cart. "Choose a time" books the cart back to back.
export function MenuScreen({ data }: { data: MenuPageData }) {
  const intl = useIntl();
  const url = useBookerUrl();
  const idBase = useId();
  const known = new Map<string, MenuService>();
  for (const c of data.categories) for (const s of c.services) known.set(s.slug, s);
  // The URL's cart; a service's own link starts one with it (the server's).
  const cart = (url.params.get('cart') ?? data.cart.join(','))
    .split(',')
    .filter((s) => known.has(s))
    .slice(0, 8);
  const withItem = (slug: string) => [...cart, slug].join(',');
  const withoutItem = (slug: string) => cart.filter((s) => s !== slug).join(',');
  const price = (cents: number) => intl.formatNumber(cents / 100, { style: 'currency', currency: data.location.currency });
  const set = (next: string) => (e: { preventDefault: () => void }) => {
    e.preventDefault();
    url.go({ cart: next || null }, { replace: true });
  };
  const timeHref = url.href({ cart: cart.join(','), step: 'time' });
  return (
    <div className={styles.screen}>
      <header className={styles.header}>
        <BusinessMark location={data.location} />
        <h1 className={styles.title}>{data.name}</h1>
        {data.description && <p className={styles.lead}>{data.description}</p>}
      </header>
      {data.categories.map((c, i) => (
        <section key={c.name} className={styles.category} aria-labelledby={`${idBase}-cat${i}`}>
          <h2 id={`${idBase}-cat${i}`} className={styles.categoryTitle}>
            {c.name}
          </h2>
          <ul className={styles.services}>
            {c.services.map((s) => {
              const inCart = cart.includes(s.slug);
              return (
                <li key={s.slug} className={inCart ? `${styles.service} ${styles.chosen}` : styles.service}>
                  <div className={styles.info}>
                    <span className={styles.name}>{s.name}</span>
                    {s.description && <span className={styles.description}>{s.description}</span>}
                    <span className={styles.facts}>
                      <ClockIcon />
                      {formatDuration(intl, s.durationMinutes)}
                      {s.priceCents > 0 && <span className={styles.price}>{price(s.priceCents)}</span>}
                    </span>
                  </div>
                  <form method="get" action={url.pathname}>
                    <KeepParams params={url.params} omit={['cart']} />
                    <button
                      type="submit"
                      name="cart"
                      value={inCart ? withoutItem(s.slug) : withItem(s.slug)}
                      className={inCart ? styles.remove : styles.add}
                      aria-label={intl.formatMessage({ id: inCart ? 'booking.menu.removeNamed' : 'booking.menu.addNamed' }, { name: s.name })}
                      disabled={!inCart && cart.length >= 8}
                      onClick={set(inCart ? withoutItem(s.slug) : withItem(s.slug))}
                    >
                      <FormattedMessage id={inCart ? 'booking.menu.remove' : 'booking.menu.add'} />
                    </button>
                  </form>
                </li>
              );
            })}
          </ul>
        </section>
      ))}
      {/* Summary and the way on are children of the screen, so the link
          stays in reach at the bottom while the visitor scrolls the menu. */}
      {cart.length > 0 ? (
        <>
          <CartSummary items={cart.map((s) => known.get(s)!)} currency={data.location.currency} />
          <Link className={styles.next} to={timeHref}>
            <FormattedMessage id="booking.menu.chooseTime" values={{ count: cart.length }} />
          </Link>
        </>
      ) : (
        <p className={styles.empty}>
          <FormattedMessage id="booking.menu.empty" />
        </p>
      )}
    </div>
  );
}
