import { useEffect, useRef, useState } from 'react';
import { Form, Link, useNavigation, useRevalidator } from 'react-router';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { CheckCircle, HourglassIcon, XCircle } from '../../components/OutcomeIcons';
import type { SiteData } from '../../generated/web';
import { FormattedMessage, useIntl } from '../../lib/i18n';
import { formatMoney } from '../../lib/money';
import { usePage } from '../../PageContext';
import { Totals } from './Totals';
import styles from './Shop.module.css';

// How long a pending order is asked about again: soon, then less often,
// then not at all (the mail tells the rest).
const POLL_DELAYS_MS = [2000, 3000, 5000, 8000, 13000, 21000, 34000];

// OrderScreen: route order. Where the provider sends the buyer back: the
// server asked the provider before it rendered, so "paid" is said only
// once it is; a pending order is asked about again, and one still holding
// its stock can be paid from here.
export function OrderScreen() {
  const page = usePage<SiteData>();
  const intl = useIntl();
  const view = page.data.shop!.order!;
  const o = view.order;
  const busy = useNavigation().state !== 'idle';
  const revalidator = useRevalidator();
  const [polls, setPolls] = useState(0);
  const pending = view.state === 'pending';
  useEffect(() => {
    if (!pending || polls >= POLL_DELAYS_MS.length) return;
    const t = window.setTimeout(() => {
      void revalidator.revalidate();
      setPolls((n) => n + 1);
    }, POLL_DELAYS_MS[polls]);
    return () => window.clearTimeout(t);
  }, [pending, polls]); // eslint-disable-line react-hooks/exhaustive-deps
  const heading = useRef<HTMLHeadingElement>(null);
  const shown = useRef(view.state);
  useEffect(() => {
    if (shown.current !== view.state) heading.current?.focus();
    shown.current = view.state;
  }, [view.state]);
  const money = (n: number) => formatMoney(intl, n, o.currency);
  const good = view.state === 'paid' || view.state === 'fulfilled';
  const waiting = pending || view.state === 'left';
  const holdUntil = intl.formatTime(new Date(o.holdUntil), { hour: 'numeric', minute: '2-digit' });
  const state = view.state === 'fulfilled' && o.delivery === 'pickup' ? 'pickedUp' : view.state;
  return (
    <section className={styles.screen} aria-labelledby="order-title">
      <article className={styles.result} data-state={view.state} aria-live="polite">
        <span className={styles.icon} aria-hidden="true">
          {good ? <CheckCircle /> : waiting ? <HourglassIcon /> : <XCircle />}
        </span>
        <p className={styles.number}>
          <FormattedMessage id="shop.order.title" values={{ number: o.number }} />
        </p>
        <h1 id="order-title" ref={heading} tabIndex={-1} className={styles.title}>
          <FormattedMessage id={`shop.order.${state}.title`} />
        </h1>
        <p className={styles.lead}>
          <FormattedMessage
            id={`shop.order.${state}.lead`}
            values={{ email: o.email, time: holdUntil, amount: money(o.refundedCents || o.paidCents || o.totalCents) }}
          />
        </p>
        {view.problem && (
          <Alert>
            <FormattedMessage id={view.problem === 'off' ? 'payment.error.notSetUp' : 'payment.error.unavailable'} />
          </Alert>
        )}
        {o.delivery === 'pickup' && o.readyAt && good && (
          <p>
            <FormattedMessage
              id="shop.order.readyAt"
              values={{ time: intl.formatDate(new Date(o.readyAt), { weekday: 'long', hour: 'numeric', minute: '2-digit' }) }}
            />
          </p>
        )}
        {o.trackingUrl && (
          <p>
            <a href={o.trackingUrl} rel="noopener noreferrer">
              <FormattedMessage id="shop.order.track" />
            </a>
          </p>
        )}
        {view.payAgain && (view.state === 'left' || view.state === 'pending') && (
          <Form method="post" className={styles.form}>
            <input type="hidden" name="token" value={view.token} />
            <Button type="submit" block busy={busy}>
              <FormattedMessage id="shop.order.payNow" values={{ amount: money(o.totalCents) }} />
            </Button>
          </Form>
        )}
        {pending && (
          <Link to={page.path} replace preventScrollReset onClick={() => setPolls(0)}>
            <FormattedMessage id="shop.order.checkAgain" />
          </Link>
        )}
        <h2 className={styles.subtitle}>
          <FormattedMessage id="shop.order.items" />
        </h2>
        <ul className={styles.summaryLines}>
          {o.lines.map((l) => (
            <li key={`${l.product}/${l.variant}`}>
              <span>
                {l.quantity} × {l.variantName ? `${l.name} · ${l.variantName}` : l.name}
              </span>
              <span>{money(l.amountCents)}</span>
            </li>
          ))}
        </ul>
        <Totals q={{ ...o, taxName: page.data.shop!.front.tax.name ?? '', taxBasisPoints: page.data.shop!.front.tax.basisPoints ?? 0 }} />
        {o.address && (
          <p className={styles.hint}>
            <FormattedMessage id="shop.order.shipTo" values={{ address: [o.address.line1, o.address.line2, `${o.address.postalCode} ${o.address.city}`, o.address.country].filter(Boolean).join(', ') }} />
          </p>
        )}
      </article>
    </section>
  );
}
