import { useEffect, useRef, useState } from 'react';
import { Form, Link, useNavigation } from 'react-router';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { Field, inputClass } from '../../components/Field';
import type { Quote } from '../../generated/shop';
import type { SiteData } from '../../generated/web';
import { FormattedMessage, useIntl } from '../../lib/i18n';
import { formatMoney } from '../../lib/money';
import { regionNames } from '../../lib/regionNames';
import { usePage } from '../../PageContext';
import { Totals } from './Totals';
import styles from './Shop.module.css';

// CheckoutScreen: route checkout. Contact, then how the order reaches the
// buyer (shipped to a country the business ships to, or picked up at the
// business), chosen here before the provider's page; the summary follows
// the choice (the server prices it). The form posts to this page, which
// holds the stock and sends the buyer on to the provider.
export function CheckoutScreen() {
  const page = usePage<SiteData>();
  const intl = useIntl();
  const shop = page.data.shop!;
  const failed = page.action;
  const values = failed?.values ?? {};
  const busy = useNavigation().state !== 'idle';
  const [delivery, setDelivery] = useState(values.delivery ?? shop.front.deliveries[0] ?? '');
  const [country, setCountry] = useState(values['country'] ?? shop.front.countries[0] ?? '');
  const q = usePricedFor(shop.quote!, delivery, country, page.locale);
  // A field's error goes once the buyer changes the field: what is still
  // wrong stays marked, what they fixed no longer says it is wrong.
  const [changed, setChanged] = useState<{ of?: unknown; names: string[] }>({ names: [] });
  const fixedNow = changed.of === failed ? changed.names : [];
  const errorOf = (f: string) => (fixedNow.includes(f) ? undefined : failed?.fields?.[f]?.message);
  const touched = (f: string) => {
    if (failed?.fields?.[f] && !fixedNow.includes(f)) setChanged({ of: failed, names: [...fixedNow, f] });
  };
  const firstInvalid = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (failed?.fields) firstInvalid.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [failed]);
  if (q.lines.length === 0) {
    return (
      <section className={styles.screen}>
        <h1 className={styles.title}>
          <FormattedMessage id="shop.checkout.title" />
        </h1>
        <p>
          <FormattedMessage id="shop.cart.empty" />
        </p>
        <Link to={shop.cart}>
          <FormattedMessage id="shop.checkout.backToCart" />
        </Link>
      </section>
    );
  }
  const names = regionNames(page.lang);
  const text = (name: string, label: string, autoComplete: string, required = true, type = 'text') => (
    <Field label={<FormattedMessage id={label} />} error={errorOf(name)} required={required} optionalLabel={!required && <FormattedMessage id="booking.field.optional" />}>
      {(c) => (
        <input {...c} className={inputClass} type={type} name={name} autoComplete={autoComplete} defaultValue={values[name] ?? ''} required={required} onChange={() => touched(name)} />
      )}
    </Field>
  );
  return (
    <section className={styles.screen} aria-labelledby="checkout-title">
      <h1 id="checkout-title" className={styles.title}>
        <FormattedMessage id="shop.checkout.title" />
      </h1>
      <div className={styles.twoColumns}>
        <div ref={firstInvalid}>
          {failed && <Alert>{failed.message}</Alert>}
          <Form method="post" action={shop.checkout} className={styles.form} noValidate aria-busy={busy || undefined}>
            <fieldset className={styles.group}>
              <legend className={styles.subtitle}>
                <FormattedMessage id="shop.checkout.contact" />
              </legend>
              {text('email', 'shop.checkout.email', 'email', true, 'email')}
              {text('name', 'shop.checkout.name', 'name')}
              {text('phone', 'shop.checkout.phone', 'tel', false, 'tel')}
            </fieldset>
            <fieldset className={styles.group} aria-describedby={errorOf('delivery') ? 'delivery-error' : undefined}>
              <legend className={styles.subtitle}>
                <FormattedMessage id="shop.checkout.delivery" />
              </legend>
              {shop.front.deliveries.map((d) => (
                <label key={d} className={styles.variant}>
                  <input
                    type="radio"
                    name="delivery"
                    value={d}
                    checked={delivery === d}
                    onChange={() => {
                      setDelivery(d);
                      touched('delivery');
                    }}
                  />
                  <span>
                    {d === 'ship' ? (
                      <FormattedMessage id="shop.checkout.ship" />
                    ) : (
                      <FormattedMessage id="shop.checkout.pickup" values={{ business: page.siteName }} />
                    )}
                  </span>
                  {d === 'pickup' && shop.front.readyInHours ? (
                    <span className={styles.hint}>
                      <FormattedMessage id="shop.checkout.readyIn" values={{ hours: shop.front.readyInHours }} />
                    </span>
                  ) : null}
                </label>
              ))}
              {errorOf('delivery') && (
                <p id="delivery-error" className={styles.problem}>
                  {errorOf('delivery')}
                </p>
              )}
              {delivery === 'pickup' && shop.pickup && shop.pickup.length > 0 && (
                <p className={styles.hint}>
                  <FormattedMessage id="shop.checkout.pickupAt" values={{ address: shop.pickup.join(', ') }} />
                </p>
              )}
            </fieldset>
            {delivery !== 'pickup' && (
              <fieldset className={styles.group}>
                <legend className={styles.subtitle}>
                  <FormattedMessage id="shop.checkout.address" />
                </legend>
                {text('line1', 'shop.checkout.line1', 'address-line1')}
                {text('line2', 'shop.checkout.line2', 'address-line2', false)}
                <div className={styles.pair}>
                  {text('postalCode', 'shop.checkout.postalCode', 'postal-code')}
                  {text('city', 'shop.checkout.city', 'address-level2')}
                </div>
                <Field label={<FormattedMessage id="shop.checkout.country" />} error={errorOf('country')} required>
                  {(c) => (
                    <select
                      {...c}
                      className={inputClass}
                      name="country"
                      autoComplete="country"
                      value={country}
                      onChange={(e) => {
                        setCountry(e.target.value);
                        touched('country');
                      }}
                    >
                      {shop.front.countries.map((code) => (
                        <option key={code} value={code}>
                          {names?.of(code) ?? code}
                        </option>
                      ))}
                    </select>
                  )}
                </Field>
              </fieldset>
            )}
            <Button type="submit" block busy={busy}>
              <FormattedMessage id="shop.checkout.pay" />
            </Button>
            <p className={styles.hint}>
              <FormattedMessage id="shop.checkout.payNote" />
            </p>
          </Form>
        </div>
        <aside className={styles.summary} aria-labelledby="checkout-summary" aria-live="polite">
          <h2 id="checkout-summary" className={styles.subtitle}>
            <FormattedMessage id="shop.summary" />
          </h2>
          <ul className={styles.summaryLines}>
            {q.lines.map((l) => (
              <li key={`${l.product}/${l.variant}`}>
                <span>
                  {l.quantity} × {l.variantName ? `${l.name} · ${l.variantName}` : l.name}
                </span>
                <span>{formatMoney(intl, l.amountCents, q.currency)}</span>
              </li>
            ))}
          </ul>
          <Totals q={q} />
          <Link to={shop.cart}>
            <FormattedMessage id="shop.checkout.editCart" />
          </Link>
        </aside>
      </div>
    </section>
  );
}

// usePricedFor is the cart priced for a delivery and country: the page's
// own quote until the buyer chooses another, then the server's answer
// for it (it prices; the browser only shows).
function usePricedFor(initial: Quote, delivery: string, country: string, locale: string): Quote {
  const [q, setQ] = useState(initial);
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const ctl = new AbortController();
    const query = new URLSearchParams({ delivery, country: delivery === 'ship' ? country : '', locale });
    fetch(`/api/shop/cart?${query}`, { signal: ctl.signal, credentials: 'same-origin', headers: { Accept: 'application/json' } })
      .then((r) => (r.ok ? r.json() : null))
      .then((d: { quote?: Quote } | null) => d?.quote && setQ(d.quote))
      .catch(() => {});
    return () => ctl.abort();
  }, [delivery, country, locale]);
  return q;
}
