import { formatMoney } from '../lib/money';
import { regionName } from '../lib/regionNames';
import type { IntlShape, MessageDescriptor } from '../lib/i18n';
import { absolute } from './content';
import type { EmailContent, EmailData, EmailRow, LinkGroup } from './types';

// The kinds of an order's mail, from Go's notify.KindOrder*.
export type OrderKind = 'order.confirmation' | 'order.shipped' | 'order.ready' | 'order.refunded' | 'order.received';

export const isOrderKind = (kind: string): kind is OrderKind =>
  ['order.confirmation', 'order.shipped', 'order.ready', 'order.refunded', 'order.received'].includes(kind);

interface OrderMessages {
  subject: MessageDescriptor;
  title: MessageDescriptor;
  lead: MessageDescriptor;
}

// Literal ids, so the catalogue test sees every one of them.
const KINDS: Record<OrderKind, OrderMessages> = {
  'order.confirmation': { subject: { id: 'email.order.confirmation.subject' }, title: { id: 'email.order.confirmation.title' }, lead: { id: 'email.order.confirmation.lead' } },
  'order.shipped': { subject: { id: 'email.order.shipped.subject' }, title: { id: 'email.order.shipped.title' }, lead: { id: 'email.order.shipped.lead' } },
  'order.ready': { subject: { id: 'email.order.ready.subject' }, title: { id: 'email.order.ready.title' }, lead: { id: 'email.order.ready.lead' } },
  'order.refunded': { subject: { id: 'email.order.refunded.subject' }, title: { id: 'email.order.refunded.title' }, lead: { id: 'email.order.refunded.lead' } },
  'order.received': { subject: { id: 'email.order.received.subject' }, title: { id: 'email.order.received.title' }, lead: { id: 'email.order.received.lead' } },
};

// buildOrderContent is an order's mail: what happened, every line and the
// totals as the cart and the order's page show them (tax inside the total
// or added to it), how it reaches the buyer, and the link that opens it.
// The buyer's mails are their receipt; the business's alert adds who
// bought and how to answer them.
export function buildOrderContent(kind: OrderKind, data: EmailData, intl: IntlShape): EmailContent {
  const o = data.order!;
  const m = KINDS[kind];
  const money = (n: number) => formatMoney(intl, n, o.currency);
  const when = (iso: string) =>
    intl.formatDate(new Date(iso), { weekday: 'long', day: 'numeric', month: 'long', hour: 'numeric', minute: '2-digit', timeZone: o.timeZone, timeZoneName: 'short' });
  const values = { number: o.number, business: o.business, customer: o.customer, total: money(o.totalCents), amount: money(o.refundedCents ?? 0) };
  const forBusiness = kind === 'order.received';
  const rows: EmailRow[] = [];
  if (forBusiness) {
    rows.push({ label: intl.formatMessage({ id: 'email.label.customer' }), value: o.customer });
    rows.push({ label: intl.formatMessage({ id: 'email.label.email' }), value: o.email, href: 'mailto:' + o.email });
    if (o.phone) rows.push({ label: intl.formatMessage({ id: 'shop.checkout.phone' }), value: o.phone, href: 'tel:' + o.phone.replace(/[^+0-9]/g, '') });
  }
  for (const l of o.lines) {
    const name = l.variantName ? `${l.name} (${l.variantName})` : l.name;
    rows.push({ label: `${l.quantity} × ${name}`, value: money(l.amountCents) });
  }
  rows.push({ label: intl.formatMessage({ id: 'shop.subtotal' }), value: money(o.subtotalCents) });
  if (o.delivery === 'ship') {
    const label = intl.formatMessage({ id: 'shop.shipping' }) + (o.shippingName ? ` (${o.shippingName})` : '');
    rows.push({ label, value: o.shippingCents === 0 ? intl.formatMessage({ id: 'shop.free' }) : money(o.shippingCents) });
  }
  const taxName = o.taxName || intl.formatMessage({ id: 'shop.tax' });
  if (o.taxCents > 0 && !o.taxInclusive) rows.push({ label: taxName, value: money(o.taxCents) });
  rows.push({ label: intl.formatMessage({ id: 'shop.total' }), value: money(o.totalCents) });
  if (o.taxCents > 0 && o.taxInclusive) rows.push({ label: '', value: intl.formatMessage({ id: 'shop.taxIncluded' }, { name: taxName, amount: money(o.taxCents) }) });
  if (o.paidAt) rows.push({ label: intl.formatMessage({ id: 'email.label.paidOn' }), value: when(o.paidAt) });
  if (kind === 'order.refunded' && o.refundedCents) rows.push({ label: intl.formatMessage({ id: 'email.label.refunded' }), value: money(o.refundedCents) });
  if (o.delivery === 'ship' && o.address?.length) {
    const lines = o.country ? [...o.address, regionName(data.lang, o.country)] : o.address;
    rows.push({ label: intl.formatMessage({ id: 'shop.checkout.address' }), value: lines.join(', ') });
  }
  if (o.delivery === 'pickup') {
    const where = o.pickupAddress ? `${o.business}, ${o.pickupAddress}` : o.business;
    rows.push({ label: intl.formatMessage({ id: 'email.label.pickup' }), value: where });
    if (o.readyAt && kind !== 'order.ready' && kind !== 'order.refunded') {
      rows.push({ label: '', value: intl.formatMessage({ id: 'shop.order.readyAt' }, { time: when(o.readyAt) }) });
    }
  }
  rows.push({ label: intl.formatMessage({ id: 'email.label.order' }), value: `#${o.number}` });

  // A refund tells why it came: the business cancelled, or the last of
  // an item sold before the payment arrived.
  let title = intl.formatMessage(m.title, values);
  let lead = intl.formatMessage(m.lead, values);
  if (kind === 'order.refunded' && o.soldOut) {
    title = intl.formatMessage({ id: 'shop.order.soldOut.title' });
    lead = intl.formatMessage({ id: 'shop.order.soldOut.lead' }, values);
  } else if (kind === 'order.refunded' && o.cancelled) {
    title = intl.formatMessage({ id: 'shop.order.cancelled.title' });
    lead = intl.formatMessage({ id: 'shop.order.cancelled.lead' }, values);
  }
  const links: LinkGroup['links'] = [];
  if (kind === 'order.shipped' && o.trackingUrl) links.push({ label: intl.formatMessage({ id: 'shop.order.track' }), href: o.trackingUrl, primary: true });
  links.push({ label: intl.formatMessage({ id: forBusiness ? 'email.order.received.open' : 'email.order.view' }), href: absolute(data.baseUrl, o.link), primary: links.length === 0 });
  return {
    lang: data.lang,
    subject: intl.formatMessage(m.subject, values),
    preheader: lead,
    business: o.business,
    brand: data.brand && /^#[0-9a-fA-F]{6}$/.test(data.brand) ? data.brand : undefined,
    title,
    greeting: forBusiness ? intl.formatMessage({ id: 'email.greetingAnonymous' }) : intl.formatMessage({ id: 'email.greeting' }, { name: o.customer }),
    paragraphs: [lead],
    rows,
    manage: { heading: intl.formatMessage({ id: forBusiness ? 'email.order.received.heading' : 'email.order.heading' }), links },
    footer: intl.formatMessage({ id: forBusiness ? 'email.footer.staff' : 'email.footer.order' }, values),
  };
}
