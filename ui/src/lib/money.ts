// Money as the booker sees it. Amounts travel as integers in the
// currency's minor unit (cents); the currency's own number of decimals
// (0 for JPY, 3 for KWD) comes from Intl, so no table of currencies is
// kept here. The quote mirrors booking.Quote on the server, which is the
// one charged.
import type { IntlShape } from './i18n';
import type { PriceInfo } from '../generated/web';
import type { PaymentView } from '../generated/booking';

// formatMoney is every price and amount the UI shows, in the language's
// way and the currency's decimals: 27,00 €, ¥5,000, KWD 12.345.
export function formatMoney(intl: Pick<IntlShape, 'formatNumber' | 'locale'>, minor: number, currency: string): string {
  return intl.formatNumber(minor / 10 ** currencyDigits(currency), { style: 'currency', currency });
}

// A currency's decimals are the same in every language; building a
// NumberFormat to read them costs tens of microseconds, so once each.
const digitsOf = new Map<string, number>();

function currencyDigits(currency: string): number {
  let d = digitsOf.get(currency);
  if (d === undefined) {
    d = new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
    if (digitsOf.size < 300) digitsOf.set(currency, d);
  }
  return d;
}

export interface Quote {
  total: number;
  payNow: number;
}

// quote is what a booking of seats people, times occurrences, costs and
// what of it is due now.
export function quote(p: PriceInfo, seats: number, occurrences = 1): Quote {
  const one = p.amount * (p.perPerson ? Math.max(seats, 1) : 1);
  let now = 0;
  if (p.payment === 'online' && one > 0) {
    if (p.depositKind === 'fixed') now = Math.min(p.depositValue, one);
    else if (p.depositKind === 'percent') now = Math.floor((one * p.depositValue + 50) / 100);
    else now = one;
  }
  const n = Math.max(occurrences, 1);
  return { total: one * n, payNow: now * n };
}

// paymentLine is one sentence of where a booking's payment stands, for
// its page and its mails; '' when there is nothing to say.
export function paymentLine(intl: IntlShape, p: PaymentView, time: (iso: string) => string): string {
  const amount = (n: number) => formatMoney(intl, n, p.currency);
  switch (p.state) {
    case 'on_site':
      return intl.formatMessage({ id: 'payment.state.onSite' }, { amount: amount(p.total) });
    case 'hold':
      return intl.formatMessage({ id: 'payment.state.hold' }, { amount: amount(p.payNow), time: p.holdUntil ? time(p.holdUntil) : '' });
    case 'processing':
      return intl.formatMessage({ id: 'payment.state.processing' }, { amount: amount(p.payNow) });
    case 'paid':
      if (p.refunded > 0) return intl.formatMessage({ id: 'payment.state.partlyRefunded' }, { amount: amount(p.paid), refunded: amount(p.refunded) });
      return p.paid < p.total
        ? intl.formatMessage({ id: 'payment.state.deposit' }, { amount: amount(p.paid), due: amount(p.total - p.paid) })
        : intl.formatMessage({ id: 'payment.state.paid' }, { amount: amount(p.paid) });
    case 'released':
      return intl.formatMessage({ id: 'payment.state.released' });
    case 'refund_due':
      return intl.formatMessage({ id: 'payment.state.refundDue' }, { amount: amount(p.refundDue || p.paid - p.refunded) });
    case 'refunded':
      return intl.formatMessage({ id: 'payment.state.refunded' }, { amount: amount(p.refunded) });
  }
  return p.total > 0 ? intl.formatMessage({ id: 'payment.state.price' }, { amount: amount(p.total) }) : '';
}

// combinedPayment is the payment of bookings made together (a series, a
// visit): one payment, its amounts summed; undefined when none costs
// anything.
export function combinedPayment(all: (PaymentView | undefined)[]): PaymentView | undefined {
  const views = all.filter((p): p is PaymentView => !!p);
  if (views.length === 0) return undefined;
  const sum = (f: (p: PaymentView) => number) => views.reduce((n, p) => n + f(p), 0);
  return { ...views[0], total: sum((p) => p.total), payNow: sum((p) => p.payNow), paid: sum((p) => p.paid), refunded: sum((p) => p.refunded), refundDue: sum((p) => p.refundDue) };
}
