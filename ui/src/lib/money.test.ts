import { describe, expect, it } from 'vitest';
import { createIntl } from './i18n';
import type { PriceInfo } from '../generated/web';
import { combinedPayment, formatMoney, paymentLine, quote } from './money';

const price = (p: Partial<PriceInfo>): PriceInfo => ({
  amount: 0, currency: 'EUR', perPerson: false, payment: 'online', depositKind: 'none', depositValue: 0, online: true,
  holdMinutes: 10, refundPolicy: 'window', refundWindowHours: 24, label: '', ...p,
});

describe('quote, as booking.Quote', () => {
  it.each([
    ['paid in full', price({ amount: 4500 }), 1, 1, { total: 4500, payNow: 4500 }],
    ['a percentage rounds half up', price({ amount: 999, depositKind: 'percent', depositValue: 30 }), 1, 1, { total: 999, payNow: 300 }],
    ['a fixed deposit never above the total', price({ amount: 1000, depositKind: 'fixed', depositValue: 5000 }), 1, 1, { total: 1000, payNow: 1000 }],
    ['per person', price({ amount: 1800, perPerson: true }), 3, 1, { total: 5400, payNow: 5400 }],
    ['a series adds up', price({ amount: 9000, depositKind: 'percent', depositValue: 30 }), 1, 4, { total: 36000, payNow: 10800 }],
    ['on site: nothing now', price({ amount: 3900, payment: 'on_site' }), 1, 1, { total: 3900, payNow: 0 }],
  ])('%s', (_, p, seats, times, want) => {
    expect(quote(p, seats, times)).toEqual(want);
  });
});

describe('formatMoney', () => {
  const en = createIntl({ locale: 'en-US', messages: {} });
  it.each([
    [2700, 'EUR', '€27.00'],
    [5000, 'JPY', '¥5,000'],
    [12345, 'KWD', 'KWD 12.345'],
  ])('%d %s', (minor, currency, want) => {
    expect(formatMoney(en, minor, currency).replace(/\u00a0/g, ' ')).toBe(want);
  });
});

describe('paymentLine', () => {
  const intl = createIntl({
    locale: 'en-US',
    messages: {
      'payment.state.deposit': 'Deposit of {amount} paid; {due} due',
      'payment.state.refunded': '{amount} refunded',
      'payment.state.partlyRefunded': '{amount} paid, {refunded} of it refunded',
      'payment.state.refundDue': 'Your payment of {amount} is being refunded',
    },
  });
  const view = { state: 'paid', currency: 'EUR', total: 9000, payNow: 2700, paid: 2700, refunded: 0, holdUntil: null, refundPolicy: 'window', refundWindowHours: 24, refundable: true, refundDue: 0 } as const;
  it('says a deposit and what is due', () => {
    expect(paymentLine(intl, { ...view }, (s) => s)).toBe('Deposit of €27.00 paid; €63.00 due');
  });
  it('says what of a payment was given back, and the part being given back', () => {
    expect(paymentLine(intl, { ...view, refunded: 1000 }, (s) => s)).toBe('€27.00 paid, €10.00 of it refunded');
    expect(paymentLine(intl, { ...view, state: 'refund_due', refundDue: 1000 }, (s) => s)).toBe('Your payment of €10.00 is being refunded');
    expect(paymentLine(intl, { ...view, state: 'refund_due' }, (s) => s)).toBe('Your payment of €27.00 is being refunded');
  });
  it('adds up bookings made together', () => {
    const both = combinedPayment([{ ...view, state: 'refunded', refunded: 2700 }, { ...view, state: 'refunded', refunded: 2700 }, undefined])!;
    expect(paymentLine(intl, both, (s) => s)).toBe('€54.00 refunded');
  });
});
