import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { parse } from '@formatjs/icu-messageformat-parser';
import { createIntl, FormattedMessage, IntlProvider, type IntlError } from './i18n';

const text = {
  hello: 'Hallo {name}',
  seats: '{n, plural, one {# Platz} other {# Plätze}}',
  terms: 'Ich akzeptiere die <a>AGB</a>',
  broken: 'Hallo {name',
};

function intlWith(messages: Record<string, unknown>) {
  const errors: IntlError[] = [];
  const intl = createIntl({ locale: 'de', messages: messages as never, onError: (e) => errors.push(e) });
  return { intl, errors };
}

describe('formatMessage', () => {
  const parsed = Object.fromEntries(Object.entries(text).filter(([k]) => k !== 'broken').map(([k, v]) => [k, parse(v)]));
  for (const [kind, messages] of [['text', text], ['parsed', parsed]] as const) {
    it.each([
      ['fills an argument', 'hello', { name: 'Ada' }, 'Hallo Ada'],
      ['picks the German plural for one', 'seats', { n: 1 }, '1 Platz'],
      ['picks the German plural for many', 'seats', { n: 3 }, '3 Plätze'],
    ])(`${kind}: %s`, (_name, id, values, want) => {
      const { intl, errors } = intlWith(messages);
      expect(intl.formatMessage({ id }, values)).toBe(want);
      expect(errors).toEqual([]);
    });
  }

  it.each([
    ['a missing message answers its id and reports', { id: 'nope' }, 'nope', 'MISSING_TRANSLATION'],
    ['a missing message with a default answers the default', { id: 'nope', defaultMessage: 'Fallback' }, 'Fallback', 'MISSING_TRANSLATION'],
    ['a message that does not parse answers its id and reports', { id: 'broken' }, 'broken', 'INVALID_MESSAGE'],
  ])('%s', (_name, descriptor, want, code) => {
    const { intl, errors } = intlWith(text);
    expect(intl.formatMessage(descriptor, { name: 'Ada' })).toBe(want);
    expect(errors.map((e) => e.code)).toEqual([code]);
  });
});

describe('formatters', () => {
  const at = '2026-03-29T08:30:00Z';
  it.each([
    ['a time with no fields shows hours and minutes', (i: ReturnType<typeof createIntl>) => i.formatTime(at, { timeZone: 'Europe/Berlin' }), '10:30'],
    ['a date in the zone asked for', (i: ReturnType<typeof createIntl>) => i.formatDate(at, { timeZone: 'Asia/Kolkata', day: 'numeric', month: 'long' }), '29. März'],
    ['a price in the currency asked for', (i: ReturnType<typeof createIntl>) => i.formatNumber(12.5, { style: 'currency', currency: 'EUR' }), '12,50 €'],
    ['a list joined the German way', (i: ReturnType<typeof createIntl>) => i.formatList(['Ada', 'Bo', 'Cy'], { type: 'conjunction' }), 'Ada, Bo und Cy'],
  ])('%s', (_name, run, want) => {
    const { intl, errors } = intlWith(text);
    expect(run(intl).replace(/\u00a0/g, ' ')).toBe(want);
    expect(errors).toEqual([]);
  });

  it('an unknown time zone reports and shows the raw value instead of failing the page', () => {
    const { intl, errors } = intlWith(text);
    expect(intl.formatDate(at, { timeZone: 'Mars/Olympus' })).toBe(at);
    expect(errors.map((e) => e.code)).toEqual(['FORMAT_ERROR']);
  });
});

describe('FormattedMessage', () => {
  it('renders rich text with an element for the tag, without key warnings', () => {
    const html = renderToStaticMarkup(
      <IntlProvider locale="de" messages={{ terms: parse(text.terms) }}>
        <FormattedMessage id="terms" values={{ a: (chunks) => <a href="/terms">{chunks}</a> }} />
      </IntlProvider>,
    );
    expect(html).toBe('Ich akzeptiere die <a href="/terms">AGB</a>');
  });
});

describe('parsed catalogues, as pages carry them', () => {
  it('shows a text-only message as its text, braces and all, and formats a parsed one', () => {
    const errors: IntlError[] = [];
    const intl = createIntl({ locale: 'en', parsed: true, onError: (e) => errors.push(e), messages: { plain: 'Say {hi} as is', seats: parse('{n, plural, one {# seat} other {# seats}}') } });
    expect(intl.formatMessage({ id: 'plain' })).toBe('Say {hi} as is');
    expect(intl.formatMessage({ id: 'seats' }, { n: 2 })).toBe('2 seats');
    expect(errors).toEqual([]);
  });
});
