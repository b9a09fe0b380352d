import { Form, Link, useNavigation } from 'react-router';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import type { Line } from '../../generated/shop';
import type { SiteData } from '../../generated/web';
import { FormattedMessage, useIntl } from '../../lib/i18n';
import { formatMoney } from '../../lib/money';
import { usePage } from '../../PageContext';
import { href } from '../../routes';
import { Totals } from './Totals';
import styles from './Shop.module.css';

// CartScreen: route cart. The cart as it stands, priced from the
// business's current data: each line with its quantity (changed or
// removed by a form of its own, so it works without JavaScript), what is
// wrong with a line that cannot be bought as it is, the totals, and the
// way to the checkout.
export function CartScreen() {
  const page = usePage<SiteData>();
  const shop = page.data.shop!;
  const q = shop.quote!;
  const failed = page.action;
  const blocked = q.lines.some((l) => l.problem);
  return (
    <section className={styles.screen} aria-labelledby="cart-title">
      <h1 id="cart-title" className={styles.title}>
        <FormattedMessage id="shop.cart.title" />
      </h1>
      {shop.notice && (
        <p className={styles.notice} role="status">
          <FormattedMessage id={`shop.cart.done.${shop.notice}`} />
        </p>
      )}
      {failed && <Alert>{failed.message}</Alert>}
      {q.lines.length === 0 ? (
        <div className={styles.empty}>
          <p>
            <FormattedMessage id="shop.cart.empty" />
          </p>
          <Link to={href('index', page.locale)}>
            <FormattedMessage id="shop.cart.continue" />
          </Link>
        </div>
      ) : (
        <div className={styles.twoColumns}>
          <ul className={styles.lines}>
            {q.lines.map((l) => (
              <CartLine key={`${l.product}/${l.variant}`} line={l} currency={q.currency} action={shop.cart} />
            ))}
          </ul>
          <aside className={styles.summary} aria-labelledby="cart-summary">
            <h2 id="cart-summary" className={styles.subtitle}>
              <FormattedMessage id="shop.summary" />
            </h2>
            <Totals q={q} />
            {blocked && (
              <p className={styles.problemNote}>
                <FormattedMessage id="shop.cart.fix" />
              </p>
            )}
            {!shop.front.sells ? (
              <Alert>
                <FormattedMessage id="shop.error.notSold" />
              </Alert>
            ) : blocked ? null : (
              <Link className={styles.primaryLink} to={shop.checkout}>
                <FormattedMessage id="shop.cart.checkout" />
              </Link>
            )}
          </aside>
        </div>
      )}
    </section>
  );
}

function CartLine({ line, currency, action }: { line: Line; currency: string; action: string }) {
  const page = usePage();
  const intl = useIntl();
  const busy = useNavigation().state !== 'idle';
  const money = (n: number) => formatMoney(intl, n, currency);
  const name = line.variantName ? `${line.name} · ${line.variantName}` : line.name;
  const qtyId = `qty-${line.product}-${line.variant}`;
  return (
    <li className={styles.line} data-problem={line.problem || undefined}>
      {line.image && <img className={styles.lineImage} src={line.image} alt="" width={72} height={72} />}
      <div className={styles.lineText}>
        <Link to={href('website', page.locale, { productId: line.product }, { kind: 'product' }) + '/'} className={styles.lineName}>
          {name}
        </Link>
        <span className={styles.unit}>{money(line.unitCents)}</span>
        {line.problem && (
          <span className={styles.problem}>
            <FormattedMessage id={`shop.problem.${line.problem}`} values={{ count: line.available }} />
          </span>
        )}
      </div>
      <Form method="post" action={action} className={styles.lineForm}>
        <input type="hidden" name="product" value={line.product} />
        <input type="hidden" name="variant" value={line.variant} />
        <input type="hidden" name="op" value="set" />
        <label htmlFor={qtyId} className={styles.visuallyHidden}>
          <FormattedMessage id="shop.quantityOf" values={{ name }} />
        </label>
        <input
          id={qtyId}
          className={styles.quantityInput}
          type="number"
          name="quantity"
          min={0}
          max={99}
          defaultValue={line.quantity}
          inputMode="numeric"
        />
        <Button type="submit" variant="secondary" disabled={busy}>
          <FormattedMessage id="shop.cart.update" />
        </Button>
      </Form>
      <Form method="post" action={action} className={styles.removeForm}>
        <input type="hidden" name="product" value={line.product} />
        <input type="hidden" name="variant" value={line.variant} />
        <input type="hidden" name="op" value="remove" />
        <Button type="submit" variant="ghost" disabled={busy} aria-label={intl.formatMessage({ id: 'shop.cart.removeNamed' }, { name })}>
          <FormattedMessage id="shop.cart.remove" />
        </Button>
      </Form>
      <span className={styles.amount}>{money(line.amountCents)}</span>
    </li>
  );
}
