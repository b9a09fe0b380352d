// Opening a held booking's checkout (docs/api.md, "Payments").
import { embedded } from './embed';
import { createClient } from './http';
import { navigateTo } from './navigation';
import type { CheckoutResponse } from '../generated/web';

const api = createClient('');

// openCheckout returns the provider's page for the booking, or the
// error's message (in the visitor's language) when there is none.
export async function openCheckout(id: string, token: string, locale: string, lang: string): Promise<{ url: string; result: string } | { message: string | null }> {
  try {
    const { status, body } = await api<CheckoutResponse & { error?: { message?: string } }>(`/api/bookings/${encodeURIComponent(id)}/checkout`, {
      timeoutMs: 20000,
      init: { method: 'POST', body: JSON.stringify({ token, locale }), headers: { 'Content-Type': 'application/json', 'Accept-Language': lang } },
    });
    if (status === 200 && body?.url) return { url: body.url, result: body.result };
    return { message: body?.error?.message ?? null };
  } catch {
    return { message: null };
  }
}

// manageToken is the secret of a booking's manage link, which opens its checkout.
export function manageToken(manageUrl: string): string {
  return new URL(manageUrl || '/', 'http://local').searchParams.get('token') ?? '';
}

// goToCheckout leaves for the provider's page; the booking's own page
// takes this entry's place, so Back from the checkout lands on it. Framed
// by another site (/embed.js), where providers refuse to show, the
// checkout opens in a tab of its own and the frame follows the payment
// on our result page; a tab the browser refused leaves the frame on the
// booking's page, whose "pay now" opens it with a click of its own.
export function goToCheckout(url: string, bookingPage: string, result: string) {
  if (embedded()) {
    navigateTo(window.open(url, '_blank') ? result : bookingPage);
    return;
  }
  window.history.replaceState(window.history.state, '', bookingPage);
  window.location.assign(url);
}
