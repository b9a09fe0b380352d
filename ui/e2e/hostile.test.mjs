// A hostile client against the running binary: odd bytes everywhere, huge
// and deep URLs, cross-site posts, a burst of bookings, bodies trickled a
// byte at a time. Nothing may cost the server a 5xx or much time, and the
// limits must hold. Prints the figures of the run.
import assert from 'node:assert/strict';
import { connect } from 'node:net';
import { after, before, describe, test } from 'node:test';
import { startServer } from './harness.mjs';

// The server's clock stands at a fixed Friday morning, so the times below
// are in the future on any day the suite runs, and a limit is refused for
// the limit, never for a time gone by.
const NOW = '2026-11-20T09:00:00+01:00';
const DAY = 86400000;

// raw sends bytes as they are (no client library repairing them) and
// resolves with the status, the body and how long the answer took.
function raw(base, request, timeoutMs = 15000) {
  const { hostname, port } = new URL(base);
  return new Promise((resolve) => {
    const started = Date.now();
    const sock = connect(Number(port), hostname);
    let data = '';
    sock.setTimeout(timeoutMs, () => sock.destroy());
    sock.on('data', (d) => (data += d.toString('latin1')));
    sock.on('close', () =>
      resolve({ status: Number(/^HTTP\/1\.1 (\d{3})/.exec(data)?.[1] ?? 0), body: data.slice(data.indexOf('\r\n\r\n') + 4), ms: Date.now() - started }),
    );
    sock.on('error', () => {});
    sock.write(request); // no half-close: net/http takes a closed read side for a client gone
  });
}

const get = (path, headers = '') => `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n${headers}\r\n`;
const post = (path, body, headers = 'Content-Type: application/json\r\n') =>
  `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n${headers}Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`;

describe('a hostile client', () => {
  let server;
  const figures = { requests: 0, fiveHundreds: 0, slowestMs: 0 };
  before(async () => {
    server = await startServer({ SLOTWISE_TEST_CLOCK: NOW });
  });
  after(async () => {
    console.log(`hostile run: ${figures.requests} requests, ${figures.fiveHundreds} with a 5xx, slowest ${figures.slowestMs} ms, bookings allowed to one client in a burst: ${figures.burst}`);
    assert.equal(await server.stop(), 0);
  });
  const tally = (r) => {
    figures.requests++;
    if (r.status >= 500 || r.status === 0) figures.fiveHundreds++;
    figures.slowestMs = Math.max(figures.slowestMs, r.ms);
    return r;
  };

  test('odd bytes and odd shapes get a clear 4xx, quickly', async () => {
    const contact = '"contact":{"firstName":"A","lastName":"B","email":"a@example.com","location":"Lindenstraße 12, 10969 Berlin"}';
    const cases = [
      [get('/widget/bookings/demo%00'), 400],
      [get('/widget/bookings/%ff%fe'), 400],
      [get('/api/booking/slots?calendar=%00&from=2026-11-23&to=2026-11-23&tz=UTC'), 400],
      [get('/api/booking/slots?calendar=demo-consultation&from=2026-11-23&to=2026-11-23&tz=UTC&staff=abc'), 422],
      [get('/api/bookings/bk%00?token=x'), 400],
      [get('/api/page-data?path=/%E0%80%80'), 400],
      [get('/' + 'a'.repeat(3000)), 414],
      [get('/a'.repeat(16000)), 414],
      [get('/widget/bookings/demo-consultation?tz=' + 'x'.repeat(5000)), 414],
      [post('/api/bookings', ''), 400],
      [post('/api/bookings', '{"calendar":"demo-consultation"} trailing'), 400],
      [post('/api/bookings', '{"calendar":"demo\\u0000"}'), 404],
      [post('/api/bookings', `{"calendar":"demo-consultation","start":"x","tz":"UTC",${contact.replace('"A"', '"\\u001b[31mA"')}}`), 422],
      [post('/api/bookings', `{"calendar":"demo-consultation","start":"x","tz":"UTC",${contact}}`, 'Content-Type: text/plain\r\nOrigin: https://evil.example\r\nSec-Fetch-Site: cross-site\r\n'), 403],
      [post('/api/bookings', '{}', 'Content-Type: text/plain\r\n'), 415],
      [post('/api/bookings', '{"calendar":"demo-consultation"}', 'Content-Type: application/json\r\nIdempotency-Key: ' + 'k'.repeat(300) + '\r\n'), 400],
      [post('/api/bookings/x/cancel', '{"token":"x","reason":"\\u0000"}'), 422],
      [post('/api/bookings', '[' + '['.repeat(10000) + ']'.repeat(10000) + ']'), 400],
      // The booking flow's other routes: menus, carts, groups, links, decisions, series.
      [get('/widget/service-menus/demo-salon?cart=%00'), 400],
      [get('/widget/service-menus/demo-salon/%ff'), 400],
      [get('/widget/service-menus/demo-salon?cart=' + Array(200).fill('salon-haircut').join(',') + '&for=99999999999999999999'), 200],
      [get('/widget/group/grp_' + 'x'.repeat(900)), 404],
      [get('/widget/appointment/demo-team?staff=99999999999999999999999'), 200],
      [get('/widget/bookings/demo-yoga?guests=-3'), 200],
      [get('/widget/otl/otl_%00'), 400],
      [get('/widget/otl/' + 'a'.repeat(1500)), 404],
      [get('/widget/booking/bk_x?decide=%00'), 400],
      [get('/api/booking/series?calendar=demo-massage&start=2026-11-24T09:00:00Z&tz=Europe/Berlin&every=week&count=999999'), 422, 'repeat'],
      [get('/api/booking/series?calendar=demo-massage&start=%00&tz=Europe/Berlin&every=week&count=3'), 400],
      [get('/api/booking/cart-slots?menu=menu_salon&items=salon-haircut&from=2026-11-24&to=2036-11-24&tz=UTC'), 422, 'to'],
      [get('/api/booking/cart-slots?menu=menu_salon&items=%ff&from=2026-11-24&to=2026-11-24&tz=UTC'), 400],
      [post('/api/bookings/cart', JSON.stringify({ menu: 'menu_salon', items: Array(1000).fill('salon-haircut'), start: '2026-11-24T09:00:00Z', tz: 'UTC' })), 422, 'items'],
      [post('/api/bookings/cart', '{"menu":"menu_\\u0000","items":["salon-haircut"],"start":"2026-11-24T09:00:00Z","tz":"UTC"}'), 404],
      [post('/api/bookings/bk_x/decide', '{"decision":"maybe","secret":"\\u0000"}'), 400],
      [post('/api/bookings', `{"calendar":"demo-massage","start":"2026-11-24T09:00:00Z","tz":"UTC","repeat":{"every":"week","count":1000000000000},${contact}}`), 422, 'repeat'],
      // The website's content, feeds, sitemaps, pictures and previews.
      [get('/blog?page=99999999999999999999'), 404],
      [get('/blog?page=1&page=2'), 404],
      [get('/blog?page=%00'), 400],
      [get('/blog/b/%ff/'), 400],
      [get('/blog/tag/' + 't'.repeat(500)), 404],
      [get('/product/%00/'), 400],
      [get('/feeds/..%2f..%2fetc%2fpasswd.xml'), 404],
      [get('/feeds/' + 'a/'.repeat(300) + 'x.xml'), 404],
      [get('/feeds/blog/c/%00.xml'), 400],
      [get('/media/..%2f..%2fetc%2fpasswd'), 404],
      [get('/media/%00.svg'), 400],
      [get('/sitemaps/%ff'), 400],
      [get('/sitemaps/nope.xml'), 404],
      [get('/v2/preview/%00'), 400],
      [get('/v2/preview/' + 'A'.repeat(2000)), 404],
      [`HEAD /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`, 200],
    ];
    for (const [request, want, field] of cases) {
      const r = tally(await raw(server.base, request));
      assert.equal(r.status, want, `${request.slice(0, 200)}…`);
      if (field) {
        const fields = Object.keys(JSON.parse(r.body).error.fields ?? {});
        assert.deepEqual(fields, [field], `${request.slice(0, 120)}… is refused for ${fields}, want ${field}`);
      }
      assert.ok(r.ms < 2000, `${request.slice(0, 60)} took ${r.ms} ms`);
    }
  });

  test('a burst of bookings from one client stops at the limit', async () => {
    const from = new Date(Date.parse(NOW) + DAY).toISOString().slice(0, 10);
    const to = new Date(Date.parse(NOW) + 30 * DAY).toISOString().slice(0, 10);
    const { slots } = await (await fetch(`${server.base}/api/booking/slots?calendar=demo-consultation&from=${from}&to=${to}&tz=Europe/Berlin`)).json();
    const starts = Object.values(slots).flat().slice(0, 100);
    const statuses = await Promise.all(
      starts.map((start, i) =>
        fetch(server.base + '/api/bookings', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ calendar: 'demo-consultation', start, tz: 'Europe/Berlin', contact: { firstName: 'B', lastName: 'Urst', email: `burst${i}@example.com`, location: 'Lindenstraße 12, 10969 Berlin' } }),
        }).then((r) => tally({ status: r.status, ms: 0 }).status),
      ),
    );
    figures.burst = statuses.filter((s) => s === 201).length;
    assert.ok(figures.burst <= 30, `${figures.burst} bookings allowed`);
    assert.ok(statuses.every((s) => s === 201 || s === 429 || s === 409), `statuses ${[...new Set(statuses)]}`);
  });

  test('bodies trickled a byte at a time are cut off', async () => {
    const { port } = new URL(server.base);
    const started = Date.now();
    const closed = await Promise.all(
      Array.from({ length: 20 }, () =>
        new Promise((resolve) => {
          const sock = connect(Number(port), '127.0.0.1');
          sock.on('error', () => {});
          sock.write('POST /api/bookings HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{');
          const drip = setInterval(() => sock.write(' '), 2000);
          sock.on('close', () => {
            clearInterval(drip);
            resolve(Date.now() - started);
          });
          setTimeout(() => sock.destroy(), 45000);
        }),
      ),
    );
    const slowest = Math.max(...closed);
    assert.ok(slowest < 40000, `a trickling connection stayed open ${slowest} ms`);
  });
});
