import { useId, useState } from 'react';
import { Form, useNavigation } from 'react-router';
import { Button } from '../../components/Button';
import type { Product, ProductVariant } from '../../generated/sites';
import type { ShopData } from '../../generated/web';
import { FormattedMessage, useIntl } from '../../lib/i18n';
import { formatMoney } from '../../lib/money';
import styles from './Shop.module.css';

// BuyForm is a product page's "Add to cart" and "Buy now": a form posted
// to the cart page, which answers with the cart (or, for Buy now, the
// checkout), so it works before and without JavaScript. A product with
// variants offers them as a group of choices, each with its price and
// what is left of it.
export function BuyForm({ product, shop }: { product: Product; shop: ShopData }) {
  const intl = useIntl();
  const id = useId();
  const busy = useNavigation().state !== 'idle';
  const buyable = product.variants.filter((v) => v.left !== 0);
  const [chosen, setChosen] = useState(buyable[0]?.id ?? '');
  const named = product.variants.length > 1 || (product.variants[0]?.name ?? '') !== '';
  const variant = product.variants.find((v) => v.id === chosen);
  const most = variant && variant.left > 0 ? variant.left : 99;
  if (!shop.front.sells || !product.available || !variant) return null;
  const money = (minor: number) => formatMoney(intl, minor, product.currency);
  return (
    <Form method="post" action={shop.cart} className={styles.buy} aria-busy={busy || undefined}>
      <input type="hidden" name="product" value={product.id} />
      {named ? (
        <fieldset className={styles.variants}>
          <legend>
            <FormattedMessage id="site.shop.choose" />
          </legend>
          {product.variants.map((v) => (
            <label key={v.id} className={styles.variant}>
              <input
                type="radio"
                name="variant"
                value={v.id}
                checked={v.id === chosen}
                disabled={v.left === 0}
                onChange={() => setChosen(v.id)}
              />
              <span>{v.name}</span>
              <span className={styles.variantPrice}>{money(v.priceCents)}</span>
              <Left variant={v} />
            </label>
          ))}
        </fieldset>
      ) : (
        <>
          <input type="hidden" name="variant" value={variant.id} />
          <Left variant={variant} />
        </>
      )}
      <div className={styles.buyRow}>
        <label className={styles.quantity} htmlFor={`${id}-qty`}>
          <FormattedMessage id="site.shop.quantity" />
        </label>
        <input id={`${id}-qty`} className={styles.quantityInput} type="number" name="quantity" min={1} max={most} defaultValue={1} inputMode="numeric" required />
        <Button type="submit" busy={busy}>
          <FormattedMessage id="site.shop.addToCart" />
        </Button>
        <Button type="submit" variant="secondary" name="buy" value="1" disabled={busy}>
          <FormattedMessage id="site.shop.buyNow" />
        </Button>
      </div>
    </Form>
  );
}

// Left says how many are left when few are, or that none is.
function Left({ variant }: { variant: ProductVariant }) {
  if (variant.left < 0) return null;
  return (
    <span className={variant.left === 0 ? styles.outOfStock : styles.few}>
      {variant.left === 0 ? <FormattedMessage id="site.shop.soldOut" /> : <FormattedMessage id="site.shop.left" values={{ count: variant.left }} />}
    </span>
  );
}
