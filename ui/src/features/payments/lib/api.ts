// Opening a held booking's checkout (docs/api.md, "Payments").
import { createClient } from '../../../lib/http';
import type { CheckoutResponse } from '../../../generated/web';

const api = createClient('');

// openCheckout returns the provider's page for the booking, or the
// error's message (in the visitor's language) when there is none.
export async function openCheckout(id: string, token: string, locale: string, lang: string): Promise<{ url: string } | { message: string | null }> {
  try {
    const { status, body } = await api<CheckoutResponse & { error?: { message?: string } }>(`/api/bookings/${encodeURIComponent(id)}/checkout`, {
      timeoutMs: 20000,
      init: { method: 'POST', body: JSON.stringify({ token, locale }), headers: { 'Content-Type': 'application/json', 'Accept-Language': lang } },
    });
    if (status === 200 && body?.url) return { url: body.url };
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
// takes this entry's place, so Back from the checkout lands on it.
export function goToCheckout(url: string, bookingPage: string) {
  window.history.replaceState(window.history.state, '', bookingPage);
  window.location.assign(url);
}
