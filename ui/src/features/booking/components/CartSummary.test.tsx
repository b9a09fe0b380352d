import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { IntlProvider } from '../../../lib/i18n';
import enUS from '../../../../../locales/en-US.json';
import { CartSummary } from './CartSummary';

afterEach(cleanup);

const service = (slug: string, priceCents: number) => ({ slug, name: slug, description: '', durationMinutes: 30, priceCents, requiresConfirmation: false });

// Prices travel in the currency's minor unit, whose size the currency says.
describe("a cart's prices in the currency's own decimals", () => {
  it.each([
    ['EUR', [3900, 2500], ['€39.00', '€25.00', '€64.00']],
    ['JPY', [5000, 1200], ['¥5,000', '¥1,200', '¥6,200']],
    ['KWD', [12345, 5], ['KWD 12.345', 'KWD 0.005', 'KWD 12.350']],
  ])('%s', (currency, prices, want) => {
    render(
      <IntlProvider locale="en-US" messages={enUS}>
        <CartSummary items={prices.map((p, i) => service(`s${i}`, p))} currency={currency} />
      </IntlProvider>,
    );
    const text = document.body.textContent!.replace(/\u00a0/g, ' ');
    for (const w of want) expect(text).toContain(w);
    expect(screen.getAllByRole('listitem')).toHaveLength(prices.length);
  });
});
