import { useId } from 'react';
import { FormattedMessage, useIntl } from '../../lib/i18n';
import { Link } from 'react-router';
import { ListHeader } from './components/ListHeader';
import { CartSummary } from './components/CartSummary';
import { ClockIcon } from '../../components/Icons';
import { KeepParams } from './components/KeepParams';
import { useBookerUrl } from './hooks/useBookerUrl';
import { formatDuration } from '../../lib/format';
import { formatMoney } from '../../lib/money';
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
  // The URL's cart, the booker's services and then each guest's after a
  // "~"; a service's own link starts one with it (the server's). Its
  // limits are the server's, which refuses a longer cart.
  const people = (url.params.get('cart') ?? data.cart.join(','))
    .split('~')
    .slice(0, data.maxPeople)
    .map((p) =>
      p
        .split(',')
        .filter((s) => known.has(s))
        .slice(0, data.maxServices),
    );
  const who = Math.min(Math.max(Number(url.params.get('for')) || 0, 0), people.length - 1);
  const cart = people[who];
  const rawWith = (list: string[]) => people.map((p, i) => (i === who ? list : p).join(',')).join('~');
  const withItem = (slug: string) => rawWith([...cart, slug]);
  const withoutItem = (slug: string) => rawWith(cart.filter((s) => s !== slug));
  const waiting = people.findIndex((p, i) => i > 0 && p.length === 0);
  const ready = people[0].length > 0 && waiting < 0;
  const price = (minor: number) => formatMoney(intl, minor, data.location.currency);
  const set = (next: string) => (e: { preventDefault: () => void }) => {
    e.preventDefault();
    url.go({ cart: next || null }, { replace: true });
  };
  const raw = people.map((p) => p.join(',')).join('~');
  const total = people.flat().reduce((n, s) => n + known.get(s)!.priceCents, 0);
  const timeHref = url.href({ cart: raw, step: 'time', for: null });
  const personHref = (i: number) => url.href({ for: i ? String(i) : null });
  const addGuestHref = url.href({ cart: raw + '~', for: String(people.length) });
  return (
    <div className={styles.screen}>
      <ListHeader location={data.location} name={data.name} description={data.description} lang={data.lang} />
      <nav className={styles.people} aria-label={intl.formatMessage({ id: 'booking.menu.whoFor' })}>
        {people.map((_, i) => (
          <Link key={i} to={personHref(i)} replace className={i === who ? `${styles.person} ${styles.current}` : styles.person} aria-current={i === who ? 'true' : undefined} preventScrollReset>
            {i === 0 ? <FormattedMessage id="booking.menu.you" /> : <FormattedMessage id="booking.guests.guest" values={{ n: i }} />}
          </Link>
        ))}
        {people.length < data.maxPeople && (
          <Link to={addGuestHref} replace className={styles.person} preventScrollReset>
            <FormattedMessage id="booking.guests.add" />
          </Link>
        )}
      </nav>
      {data.categories.map((c, i) => (
        <section key={c.name} className={styles.category} aria-labelledby={`${idBase}-cat${i}`}>
          <h2 id={`${idBase}-cat${i}`} className={styles.categoryTitle} lang={c.lang}>
            {c.name}
          </h2>
          <ul className={styles.services}>
            {c.services.map((s) => {
              const inCart = cart.includes(s.slug);
              return (
                <li key={s.slug} className={inCart ? `${styles.service} ${styles.chosen}` : styles.service}>
                  <div className={styles.info}>
                    <span className={styles.name}>
                      <span lang={s.lang}>{s.name}</span>
                      {inCart && (
                        <span className={styles.added}>
                          <span aria-hidden="true">✓ </span>
                          <FormattedMessage id="booking.menu.added" />
                        </span>
                      )}
                    </span>
                    {s.description && (
                      <span className={styles.description} lang={s.lang}>
                        {s.description}
                      </span>
                    )}
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
                      disabled={!inCart && cart.length >= data.maxServices}
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
      {/* Summary and the way on are children of the screen, so the bar
          stays in reach at the bottom while the visitor scrolls the menu,
          and comes to rest below the last service, covering nothing. */}
      {people[0].length > 0 || people.length > 1 ? (
        <>
          <CartSummary items={people[0].map((s) => known.get(s)!)} guestItems={people.slice(1).map((p) => p.map((s) => known.get(s)!))} currency={data.location.currency} />
          {ready ? (
            <div className={styles.bar} data-testid="menu-bar">
              <p className={styles.barText}>
                <a href="#cart-title">
                  <FormattedMessage id="booking.menu.viewCart" values={{ count: people.flat().length }} />
                </a>
                {total > 0 && <span className={styles.barTotal}>{price(total)}</span>}
              </p>
              <Link className={styles.next} to={timeHref}>
                <FormattedMessage id="booking.menu.chooseTime" />
              </Link>
            </div>
          ) : (
            <p className={styles.problem} role="status">
              {data.problem || intl.formatMessage({ id: waiting > 0 ? 'validation.guestServices' : 'booking.menu.empty' })}
            </p>
          )}
        </>
      ) : (
        <p className={styles.empty}>
          <FormattedMessage id="booking.menu.empty" />
        </p>
      )}
    </div>
  );
}
