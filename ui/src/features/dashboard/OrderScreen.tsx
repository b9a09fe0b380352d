import { Form, Link, useLocation, useNavigation } from 'react-router';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { Field, inputClass } from '../../components/Field';
import type { AdminOrderPageData } from '../../generated/web';
import { FormattedMessage, useIntl } from '../../lib/i18n';
import { formatMoney } from '../../lib/money';
import { regionName } from '../../lib/regionNames';
import { usePage } from '../../PageContext';
import { DoneNotice } from './DoneNotice';
import { Fact, RefundForm } from './Fact';
import { OrderBadge } from './OrdersScreen';
import styles from './Dashboard.module.css';

// OrderScreen: route adminOrder, one order as the business works on it:
// who bought what, where it goes, what it cost and what came back; ship
// it with its tracking link, or tell a pick-up's buyer it is ready and
// mark it picked up; refund part or all; cancel it with its stock back on
// the shelf. Every form is a plain post, so the page works without
// JavaScript.
export function OrderScreen() {
  const page = usePage<AdminOrderPageData>();
  const intl = useIntl();
  const d = page.data;
  const o = d.order;
  const zone = d.frame.business.timeZone;
  const action = useLocation().pathname;
  const busy = useNavigation().state !== 'idle';
  const failed = page.action;
  const money = (n: number) => formatMoney(intl, n, o.currency);
  const when = (iso: string) => intl.formatDate(new Date(iso), { dateStyle: 'medium', timeStyle: 'short', timeZone: zone });
  const taxName = o.taxName || intl.formatMessage({ id: 'shop.tax' });
  const country = o.address ? regionName(page.lang, o.address.country) : '';
  return (
    <article className={styles.booking}>
      <p>
        <Link to={d.back}>
          <FormattedMessage id="admin.order.back" />
        </Link>
      </p>
      <header className={styles.bookingHead}>
        <h1 className={styles.title}>
          <FormattedMessage id="admin.order.title" values={{ number: o.number }} />
        </h1>
        <OrderBadge status={o.status} ready={!!o.readyToldAt} />
      </header>
      <DoneNotice done={d.done} />
      {failed && !failed.fields && <Alert>{failed.message}</Alert>}
      <dl className={styles.facts}>
        <Fact label="admin.order.customer">{o.customer.name}</Fact>
        <Fact label="admin.booking.email">
          <a href={`mailto:${o.customer.email}`}>{o.customer.email}</a>
        </Fact>
        {o.customer.phone && (
          <Fact label="admin.booking.phone">
            <a href={`tel:${o.customer.phone}`}>{o.customer.phone}</a>
          </Fact>
        )}
        <Fact label="admin.order.placed">{when(o.createdAt)}</Fact>
        {o.paidAt && <Fact label="admin.order.paidAt">{when(o.paidAt)}</Fact>}
        {o.holdUntil && <Fact label="admin.order.heldUntil">{when(o.holdUntil)}</Fact>}
        {o.delivery === 'ship' && o.address ? (
          <Fact label="admin.order.shipTo">
            <address className={styles.address}>
              {[o.customer.name, o.address.line1, o.address.line2, `${o.address.postalCode} ${o.address.city}`, country].filter(Boolean).join('\n')}
            </address>
          </Fact>
        ) : (
          <Fact label="admin.order.delivery">
            <FormattedMessage id="admin.orders.pickup" />
            {o.readyAt && o.status === 'paid' && (
              <span className={styles.meta}>
                {' '}
                <FormattedMessage id="shop.order.readyAt" values={{ time: when(o.readyAt) }} />
              </span>
            )}
          </Fact>
        )}
        {o.trackingUrl && (
          <Fact label="admin.order.tracking">
            <a href={o.trackingUrl} rel="noopener noreferrer" target="_blank">
              {o.trackingUrl}
            </a>
          </Fact>
        )}
      </dl>
      <section aria-labelledby="items">
        <h2 id="items" className={styles.subheading}>
          <FormattedMessage id="admin.order.items" />
        </h2>
        <dl className={styles.facts}>
          {o.items.map((l, i) => (
            <div key={i} className={styles.fact}>
              <dt>
                {l.quantity} × {l.variantName ? `${l.name} (${l.variantName})` : l.name}
              </dt>
              <dd>{money(l.amountCents)}</dd>
            </div>
          ))}
          <Fact label="shop.subtotal">{money(o.subtotalCents)}</Fact>
          {o.delivery === 'ship' && (
            <div className={styles.fact}>
              <dt>
                <FormattedMessage id="shop.shipping" />
                {o.shippingName && ` (${o.shippingName})`}
              </dt>
              <dd>{o.shippingCents === 0 ? <FormattedMessage id="shop.free" /> : money(o.shippingCents)}</dd>
            </div>
          )}
          {o.taxCents > 0 && !o.taxInclusive && (
            <div className={styles.fact}>
              <dt>{taxName}</dt>
              <dd>{money(o.taxCents)}</dd>
            </div>
          )}
          <Fact label="shop.total">
            <strong>{money(o.totalCents)}</strong>
            {o.taxCents > 0 && o.taxInclusive && (
              <span className={styles.meta}>
                {' '}
                <FormattedMessage id="shop.taxIncluded" values={{ name: taxName, amount: money(o.taxCents) }} />
              </span>
            )}
          </Fact>
          {o.paidCents > 0 && (
            <Fact label="admin.booking.payment">
              <FormattedMessage id="admin.order.money" values={{ paid: money(o.paidCents), refunded: money(o.refundedCents) }} />
              {o.refundPendingCents > 0 && (
                <span className={styles.meta}>
                  {' '}
                  <FormattedMessage id="admin.order.refundPending" values={{ amount: money(o.refundPendingCents) }} />
                </span>
              )}
            </Fact>
          )}
        </dl>
      </section>
      {d.canFulfil && (
        <Form method="post" action={action} className={styles.stack} noValidate>
          <input type="hidden" name="idempotencyKey" value={d.formKey} />
          <h2 className={styles.subheading}>
            <FormattedMessage id="admin.order.fulfil" />
          </h2>
          {o.delivery === 'ship' ? (
            <>
              <Field label={<FormattedMessage id="admin.order.trackingUrl" />} hint={<FormattedMessage id="admin.order.trackingHint" />} error={failed?.fields?.trackingUrl?.message}>
                {(c) => <input {...c} className={inputClass} type="url" name="trackingUrl" inputMode="url" maxLength={500} autoComplete="off" defaultValue={failed?.values?.trackingUrl ?? ''} />}
              </Field>
              <Button type="submit" name="do" value="fulfil" busy={busy} className={styles.start}>
                <FormattedMessage id="admin.order.ship" />
              </Button>
            </>
          ) : (
            <div className={styles.row}>
              {d.canReady && (
                <Button type="submit" variant="secondary" name="do" value="ready" disabled={busy}>
                  <FormattedMessage id="admin.order.tellReady" />
                </Button>
              )}
              <Button type="submit" name="do" value="fulfil" busy={busy}>
                <FormattedMessage id="admin.order.pickedUp" />
              </Button>
            </div>
          )}
        </Form>
      )}
      {d.refundable > 0 && <RefundForm action={action} formKey={d.formKey} left={money(d.refundable)} failed={failed} busy={busy} />}
      {d.canCancel && (
        <Form method="post" action={action} className={styles.cancel}>
          <input type="hidden" name="idempotencyKey" value={d.formKey} />
          <h2 className={styles.subheading}>
            <FormattedMessage id="admin.order.cancel" />
          </h2>
          <p className={styles.small}>
            <FormattedMessage id="admin.order.cancelLead" values={{ amount: money(d.refundable) }} />
          </p>
          <Button type="submit" variant="danger" name="do" value="cancel" disabled={busy} className={styles.start}>
            <FormattedMessage id="admin.order.cancelButton" />
          </Button>
        </Form>
      )}
      {d.history.length > 0 && (
        <section aria-labelledby="history">
          <h2 id="history" className={styles.subheading}>
            <FormattedMessage id="admin.history.heading" />
          </h2>
          <ol className={styles.history}>
            {d.history.map((h, i) => (
              <li key={i}>
                <time dateTime={h.at} className={styles.meta}>
                  {when(h.at)}
                </time>{' '}
                <FormattedMessage id={`admin.orderStep.${h.action}`} values={{ amount: amountOf(h.detail, money) }} />
                {h.byKind && (
                  <>
                    {' '}
                    <FormattedMessage id={`admin.history.by.${h.byKind}`} values={{ who: h.by }} />
                  </>
                )}
              </li>
            ))}
          </ol>
        </section>
      )}
    </article>
  );
}

// amountOf is a step's amount (its detail's leading cents), formatted.
function amountOf(detail: string | undefined, money: (n: number) => string): string {
  const n = Number.parseInt(detail ?? '', 10);
  return Number.isFinite(n) ? money(n) : '';
}
