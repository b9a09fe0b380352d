import { describe, expect, it } from 'vitest';
import { serverURL } from './serverURL';

const ServerURL = serverURL(URL);
const parts = (u: URL) => ({ href: u.href, origin: u.origin, protocol: u.protocol, host: u.host, pathname: u.pathname, search: u.search, hash: u.hash, query: [...u.searchParams], json: JSON.stringify(u), text: String(u) });

describe('serverURL answers as the URL it wraps', () => {
  it.each([
    ['/widget/bookings/demo-consultation', 'http://localhost'],
    ['/', 'http://localhost'],
    ['/a//b/', 'https://example.com/x/y'],
    ['//evil.example/x', 'http://localhost'], // protocol-relative: another host
    ['/a/./b/../c', 'http://localhost'],
    ['/a b', 'http://localhost'],
    ['/caf\u00e9', 'http://localhost'],
    ['/%7Efoo%2F', 'http://localhost'],
    ['/p?month=2026-11#top', 'http://localhost'],
    ['/p', 'file:///base/'],
    ['relative/path', 'http://localhost/dir/'],
    ['https://other.example/x?y=1', undefined],
    ['/back\\slash', 'http://localhost'],
    ['http://localhost/widget/bookings/demo-consultation', undefined],
    ['HTTPS://Example.COM:8080/a//b/', undefined],
    ['http://localhost:80/a', undefined],
    ['http://user@localhost/a', undefined],
    ['http://[::1]/a', undefined],
    ['http://localhost/a/../b', undefined],
    ['http://localhost//a', undefined],
  ])('new URL(%j, %j)', (input, base) => {
    expect(parts(new ServerURL(input, base))).toEqual(parts(new URL(input, base)));
  });

  // What react-router's static handler does to the url it gives a loader.
  it.each([
    ['/widget/bookings/demo', '', ''],
    ['/widget/bookings/demo', '?month=2026-11&date=2026-11-26', ''],
    ['/fr/%C3%A0-propos', '?x=%C3%A0+b', ''],
    ['/caf\u00e9', '?a b', ''],
    ['/a', "?it's", ''],
    ['/a', '?', ''],
    ['/a', 'month=2026-11', ''],
    ['/a/../b', '', '#top'],
    ['a', '', 'top'],
  ])('sets pathname %j, search %j and hash %j as URL does', (pathname, search, hash) => {
    const set = (u: URL) => {
      u.pathname = pathname;
      u.search = search;
      u.hash = hash;
      return parts(u);
    };
    for (const input of ['http://localhost/x', 'http://localhost/x?old=1#h']) {
      expect(set(new ServerURL(input))).toEqual(set(new URL(input)));
    }
    expect(set(new ServerURL('/x', 'https://example.com/base/'))).toEqual(set(new URL('/x', 'https://example.com/base/')));
  });

  it.each([
    ['/p', undefined],
    ['/p', 'not a base'],
    ['/p', 'foo:opaque'],
    ['http://[::1', undefined],
  ])('throws where URL throws: new URL(%j, %j)', (input, base) => {
    expect(() => new URL(input, base)).toThrow(TypeError);
    expect(() => new ServerURL(input, base)).toThrow(TypeError);
  });

  it('writes through every setter', () => {
    const u = new ServerURL('/widget/bookings/demo', 'http://localhost');
    u.search = '?month=2026-11';
    u.hash = 'times';
    u.pathname = '/widget/bookings/other';
    u.searchParams.append('date', '2026-11-26');
    u.host = 'example.com:8080';
    expect(u.href).toBe('http://example.com:8080/widget/bookings/other?month=2026-11&date=2026-11-26#times');
  });

  it('is the URL class to instanceof and keeps its static functions', () => {
    expect(new ServerURL('/a', 'http://localhost')).toBeInstanceOf(ServerURL);
    expect(typeof ServerURL.canParse).toBe('function');
    expect(ServerURL.canParse('/a', 'http://localhost')).toBe(true);
  });
});

describe('serverURL parses only when it must', () => {
  let parses = 0;
  class Counted extends URL {
    constructor(input: string | URL, base?: string | URL) {
      super(input, base);
      parses++;
    }
  }
  const Fast = serverURL(Counted);

  it('answers a plain path against an http base without parsing it', () => {
    parses = 0;
    const u = new Fast('/widget/bookings/demo-consultation', 'http://localhost');
    expect([u.pathname, u.search, u.hash]).toEqual(['/widget/bookings/demo-consultation', '', '']);
    expect(parses).toBe(1); // the base, once
    new Fast('/', 'http://localhost').pathname;
    expect(parses).toBe(1);
  });

  it('keeps a plain path and query set after an http origin without parsing them', () => {
    const u = new Fast('http://localhost/widget/bookings/demo');
    parses = 0;
    new Fast('http://localhost/widget/bookings/demo');
    u.pathname = '/widget/bookings/demo-consultation';
    u.search = '?month=2026-11';
    u.hash = '';
    expect([u.pathname, u.search, u.hash]).toEqual(['/widget/bookings/demo-consultation', '?month=2026-11', '']);
    expect(parses).toBe(0);
    expect(u.href).toBe('http://localhost/widget/bookings/demo-consultation?month=2026-11');
    expect(parses).toBe(1);
  });

  it.each(['/a?b', '/a#b', '/a%20b', '/a/../b', '//host/a', '/caf\u00e9'])('parses %j', (input) => {
    parses = 0;
    new Fast(input, 'http://localhost');
    expect(parses).toBe(1);
  });

  it('parses a plain path when asked for anything else', () => {
    parses = 0;
    const u = new Fast('/a', 'http://localhost');
    expect(u.href).toBe('http://localhost/a');
    expect(u.origin).toBe('http://localhost');
    expect(parses).toBe(1);
  });
});

