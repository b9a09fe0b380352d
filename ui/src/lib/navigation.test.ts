import { describe, expect, it, vi } from 'vitest';
import {
  RELOAD_GUARD_MS,
  guardExternal,
  navigateTo,
  isChunkLoadError,
  isExpiredLinkMessage,
  shouldDelayHydration,
  shouldReloadAfterChunkError,
  withLocale,
} from './navigation';

describe('shouldDelayHydration', () => {
  it.each([
    ['/widget/bookings/demo', false],
    ['/widget', false],
    ['/admin', false],
    ['/admin/calendar', false],
    ['/administration', true],
    ['/v2/preview/abc/b/x', false],
    ['/verify-payment-callback', false],
    ['/assets/main.js', false],
    ['/api/page-data', false],
    ['/', true],
    ['/about', true],
    ['/widgets-are-great', true],
    ['/verifyPayment', true],
  ])('%s → %s', (path, delayed) => {
    expect(shouldDelayHydration(path)).toBe(delayed);
  });
});

describe('guardExternal', () => {
  const origin = 'https://book.example.com';
  it('lets same-origin URLs through', () => {
    expect(guardExternal('/about', origin)).toBe(true);
    expect(guardExternal('https://book.example.com/x', origin)).toBe(true);
  });
  it('refuses external URLs without explicit permission, and says so', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(guardExternal('https://evil.example/phish', origin)).toBe(false);
    expect(guardExternal('//evil.example/phish', origin)).toBe(false);
    expect(warn).toHaveBeenCalledTimes(2);
    warn.mockRestore();
  });
  it('allows external URLs with explicit permission', () => {
    expect(guardExternal('https://pay.example/checkout', origin, true)).toBe(true);
  });
});

describe('shouldReloadAfterChunkError', () => {
  const memory = () => {
    const m = new Map<string, string>();
    return { getItem: (k: string) => m.get(k) ?? null, setItem: (k: string, v: string) => void m.set(k, v) };
  };
  it('reloads once, then not again for the same target within the guard', () => {
    const s = memory();
    expect(shouldReloadAfterChunkError('/about', s, 1000)).toBe(true);
    expect(shouldReloadAfterChunkError('/about', s, 1000 + RELOAD_GUARD_MS - 1)).toBe(false);
    expect(shouldReloadAfterChunkError('/about', s, 1000 + RELOAD_GUARD_MS)).toBe(true);
  });
  it('guards per target and survives broken storage content', () => {
    const s = memory();
    expect(shouldReloadAfterChunkError('/a', s, 0)).toBe(true);
    expect(shouldReloadAfterChunkError('/b', s, 1)).toBe(true);
    s.setItem('slotwise:chunk-reload', '{not json');
    expect(shouldReloadAfterChunkError('/b', s, 2)).toBe(true);
  });
  it('uses the spec default of 10000 ms', () => {
    expect(RELOAD_GUARD_MS).toBe(10000);
  });
});

describe('isChunkLoadError', () => {
  it.each([
    [{ name: 'ChunkLoadError', message: 'x' }, true],
    [new Error('Loading chunk layout-page failed.'), true],
    [new Error('Loading CSS chunk 12 failed'), true],
    [new Error('network down'), false],
    [null, false],
  ])('%o → %s', (err, want) => {
    expect(isChunkLoadError(err)).toBe(want);
  });
});

describe('isExpiredLinkMessage', () => {
  it.each([
    ['slug expired', true],
    ['Slug Expired', true],
    ['This reschedule link is no longer valid', true],
    ['RESCHEDULE', true],
    ['Cancellation window has passed', true],
    ['slug expired yesterday', false],
    ['Page Not Found: /x', false],
    ['', false],
    [undefined, false],
  ])('%s → %s', (msg, want) => {
    expect(isExpiredLinkMessage(msg)).toBe(want);
  });
});

describe('withLocale', () => {
  it.each([
    ['/about', 'de', '/de/about'],
    ['/', 'de', '/de'],
    ['/about', 'en-US', '/about'],
    ['/widget/bookings/x', 'pt-br', '/pt-br/widget/bookings/x'],
  ])('%s in %s → %s', (path, locale, want) => {
    expect(withLocale(path, locale)).toBe(want);
  });
});

describe('navigateTo', () => {
  const fakeWindow = () => {
    const assign = vi.fn();
    return { win: { location: { origin: 'https://book.example.com', assign } as unknown as Location }, assign };
  };
  it('loads same-site URLs', () => {
    const { win, assign } = fakeWindow();
    expect(navigateTo('/widget/booking/b1', { win })).toBe(true);
    expect(assign).toHaveBeenCalledWith('/widget/booking/b1');
  });
  it('refuses an external URL unless allowed', () => {
    const { win, assign } = fakeWindow();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(navigateTo('https://evil.example/', { win })).toBe(false);
    expect(assign).not.toHaveBeenCalled();
    expect(navigateTo('https://pay.example/checkout', { win, allowExternal: true })).toBe(true);
    expect(assign).toHaveBeenCalledWith('https://pay.example/checkout');
    warn.mockRestore();
  });
});
