import { describe, expect, it } from 'vitest';
import { isEmbeddedCrossOrigin, preferenceCookie } from './cookies';

describe('preferenceCookie', () => {
  it('keeps a preference for 365 days on the whole site, SameSite=Lax', () => {
    expect(preferenceCookie('slotwise_locale', 'de', false)).toBe('slotwise_locale=de; Max-Age=31536000; Path=/; SameSite=Lax');
  });
  it('uses SameSite=None; Secure; Partitioned when embedded in another site', () => {
    expect(preferenceCookie('slotwise_locale', 'pt-br', true)).toBe('slotwise_locale=pt-br; Max-Age=31536000; Path=/; SameSite=None; Secure; Partitioned');
  });
});

describe('isEmbeddedCrossOrigin', () => {
  it('is false for a top-level page', () => {
    const w = { location: { origin: 'https://a' } } as unknown as Window;
    (w as unknown as { self: Window; top: Window }).self = w;
    (w as unknown as { top: Window }).top = w;
    expect(isEmbeddedCrossOrigin(w)).toBe(false);
  });
  it('is true when the parent cannot be read', () => {
    const top = {
      get location(): Location {
        throw new Error('SecurityError');
      },
    };
    const w = { self: {}, top, location: { origin: 'https://a' } } as unknown as Window;
    expect(isEmbeddedCrossOrigin(w)).toBe(true);
  });
  it('is false in a same-origin iframe', () => {
    const w = { self: {}, top: { location: { origin: 'https://a' } }, location: { origin: 'https://a' } } as unknown as Window;
    expect(isEmbeddedCrossOrigin(w)).toBe(false);
  });
});
