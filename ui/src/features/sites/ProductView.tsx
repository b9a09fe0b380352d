import { FormattedMessage, useIntl } from '../../lib/i18n';
import { formatMoney } from '../../lib/money';
import { Form, Link } from 'react-router';
import { usePage } from '../../PageContext';
import type { Collection, Product } from '../../generated/sites';
import type { ShopData } from '../../generated/web';
import { BuyForm } from './BuyForm';
import { collectionHref, productHref } from './links';
import { Picture } from './Picture';
import { Reveal } from './Reveal';
import { RichText } from './RichText';
import { useTextLang } from './textLang';
import { UntranslatedNote } from './UntranslatedNote';
import styles from './Shop.module.css';

// Price shows a product's price in its currency, and the price it had before
// when it is on sale.
function Price({ product }: { product: Product }) {
  const intl = useIntl();
  const money = (minor: number) => formatMoney(intl, minor, product.currency);
  return (
    <p className={styles.price}>
      <span>{money(product.priceCents)}</span>
      {product.compareAtCents > 0 && (
        <s className={styles.was}>
          <FormattedMessage id="site.shop.was" values={{ price: money(product.compareAtCents) }} />
        </s>
      )}
    </p>
  );
}

// ProductView is one product: its pictures, price, stock and description.
export function ProductView({ product, shop }: { product: Product; shop?: ShopData }) {
  const { locale } = usePage();
  const lang = useTextLang();
  const [main, ...more] = product.images;
  return (
    <article className={styles.product}>
      <UntranslatedNote />
      <div className={styles.gallery} lang={lang}>
        {main && <Picture className={styles.image} image={main} sizes="(min-width: 768px) 50vw, 100vw" eager />}
        {more.map((img) => (
          <Picture key={img.src} className={styles.image} image={img} sizes="(min-width: 768px) 50vw, 100vw" />
        ))}
      </div>
      <div className={styles.info}>
        <h1 lang={lang}>{product.name}</h1>
        <Price product={product} />
        <p className={product.available ? styles.inStock : styles.outOfStock}>
          <FormattedMessage id={product.available ? 'site.shop.inStock' : 'site.shop.outOfStock'} />
        </p>
        {shop && <BuyForm product={product} shop={shop} />}
        {product.summary && (
          <p className={styles.summary} lang={lang}>
            {product.summary}
          </p>
        )}
        <div className={styles.description} lang={lang}>
          <RichText nodes={product.description} />
        </div>
        {product.collections.length > 0 && (
          <p className={styles.collections}>
            <FormattedMessage id="site.shop.inCollections" />{' '}
            {product.collections.map((c, i) => (
              <span key={c.slug}>
                {i > 0 && ', '}
                <Link to={collectionHref(locale, c.slug)}>{c.title}</Link>
              </span>
            ))}
          </p>
        )}
      </div>
    </article>
  );
}

// CollectionView lists a collection's products in its own order.
export function CollectionView({ collection, shop }: { collection: Collection; shop?: ShopData }) {
  const { locale } = usePage();
  const lang = useTextLang();
  return (
    <section className={styles.collection} aria-labelledby="collection-title">
      <UntranslatedNote />
      <h1 id="collection-title" lang={lang}>
        {collection.title}
      </h1>
      {collection.description && (
        <p className={styles.lead} lang={lang}>
          {collection.description}
        </p>
      )}
      <p className={styles.count}>
        <FormattedMessage id="site.shop.count" values={{ count: collection.products.length }} />
      </p>
      {collection.products.length === 0 ? (
        <p className={styles.empty}>
          <FormattedMessage id="site.shop.empty" />
        </p>
      ) : (
        <ul className={styles.grid}>
          {collection.products.map((p, i) => (
            <li key={p.id}>
              <Reveal as="div">
                <Link className={styles.tile} to={productHref(locale, p.id)}>
                  {p.images[0] && <Picture image={p.images[0]} alt="" sizes="(min-width: 768px) 33vw, 50vw" eager={i < 2} />}
                  <span className={styles.tileName} lang={p.lang === collection.lang ? lang : p.lang}>
                    {p.name}
                  </span>
                </Link>
                <Price product={p} />
                {!p.available && (
                  <p className={styles.outOfStock}>
                    <FormattedMessage id="site.shop.outOfStock" />
                  </p>
                )}
                {shop?.front.sells && p.available && p.variants.length === 1 && <QuickAdd product={p} cart={shop.cart} />}
              </Reveal>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

// QuickAdd is a collection card's "Add to cart", for a product sold one
// way; one with variants is chosen on its own page.
function QuickAdd({ product, cart }: { product: Product; cart: string }) {
  const intl = useIntl();
  return (
    <Form method="post" action={cart} className={styles.quickAdd}>
      <input type="hidden" name="product" value={product.id} />
      <input type="hidden" name="variant" value={product.variants[0].id} />
      <button type="submit" className={styles.quickAddButton} aria-label={intl.formatMessage({ id: 'site.shop.addNamed' }, { name: product.name })}>
        <FormattedMessage id="site.shop.addToCart" />
      </button>
    </Form>
  );
}
