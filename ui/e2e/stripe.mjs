// Stripe for browser tests: Stripe's own API double (stripe-mock, pinned
// as a Go tool) behind a small proxy that plays the hosted checkout page.
// stripe-mock keeps no state and has no checkout page, so the proxy
// remembers each checkout's return URLs, serves a page with "Pay" and
// "Back", and when paid, signs and delivers checkout.session.completed to
// the server (Stripe's v1 scheme: HMAC-SHA256 of "t.body") before sending
// the browser to the success URL, as Stripe does.
import { execFileSync, spawn } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { createServer } from 'node:http';

export const WEBHOOK_SECRET = 'whsec_slotwise_e2e';

export async function startStripe() {
  const bin = execFileSync('go', ['tool', '-n', 'stripe-mock']).toString().trim();
  // Its unused HTTPS listener gets a free port too, not its fixed default.
  const mock = spawn(bin, ['-http-addr', '127.0.0.1:', '-https-addr', '127.0.0.1:'], { stdio: ['ignore', 'pipe', 'pipe'] });
  const mockURL = await new Promise((resolve, reject) => {
    let out = '';
    const seen = (d) => {
      out += d;
      const m = /Listening for HTTP at address: (\S+)/.exec(out);
      if (m) resolve('http://' + m[1]);
    };
    mock.stdout.on('data', seen);
    mock.stderr.on('data', seen);
    setTimeout(() => reject(new Error('stripe-mock did not start:\n' + out)), 30000);
  });
  const sessions = new Map(); // id → { success, cancel, amount, paid }
  const state = { webhook: '', deliveries: [] };
  const proxy = createServer(async (req, res) => {
    const body = await read(req);
    const pay = /^\/pay\/([^/?]+)/.exec(req.url);
    if (pay) return checkoutPage(req, res, pay[1]);
    if (!req.url.startsWith('/v1/')) return void res.writeHead(404).end();
    const upstream = await fetch(mockURL + req.url, {
      method: req.method,
      headers: { authorization: req.headers.authorization ?? '', 'content-type': req.headers['content-type'] ?? 'application/x-www-form-urlencoded' },
      body: req.method === 'GET' ? undefined : body,
    });
    let text = await upstream.text();
    if (req.method === 'POST' && req.url === '/v1/checkout/sessions' && upstream.ok) {
      const form = new URLSearchParams(body);
      const obj = JSON.parse(text);
      sessions.set(obj.id, {
        success: form.get('success_url'),
        cancel: form.get('cancel_url'),
        amount: Number(form.get('line_items[0][price_data][unit_amount]')),
        paid: false,
      });
      obj.url = `${proxyURL}/pay/${obj.id}`;
      text = JSON.stringify(obj);
    }
    const got = /^\/v1\/checkout\/sessions\/([^/?]+)$/.exec(req.url);
    if (req.method === 'GET' && got && sessions.get(got[1])?.paid) {
      const obj = JSON.parse(text);
      Object.assign(obj, { status: 'complete', payment_status: 'paid', amount_total: sessions.get(got[1]).amount });
      text = JSON.stringify(obj);
    }
    res.writeHead(upstream.status, { 'content-type': 'application/json' });
    res.end(text);
  });

  async function checkoutPage(req, res, id) {
    const s = sessions.get(id);
    if (!s) return void res.writeHead(404).end('no such checkout');
    const ret = (u) => u.replace('{CHECKOUT_SESSION_ID}', id);
    if (req.method === 'POST') {
      s.paid = true;
      await deliver(id, s);
      res.writeHead(303, { location: ret(s.success) });
      return void res.end();
    }
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(`<!doctype html><html lang="en"><title>Test checkout</title>
      <h1>Test checkout</h1><p data-amount="${s.amount}">Amount: ${s.amount}</p>
      <form method="post"><button>Pay</button></form><a href="${ret(s.cancel)}">Back</a>`);
  }

  async function deliver(id, s) {
    const payload = JSON.stringify({
      id: 'evt_' + id, object: 'event', type: 'checkout.session.completed', api_version: '2023-10-16', created: Math.floor(Date.now() / 1000),
      data: { object: { id, object: 'checkout.session', status: 'complete', payment_status: 'paid', amount_total: s.amount, currency: 'eur', payment_intent: 'pi_' + id } },
    });
    const t = Math.floor(Date.now() / 1000);
    const sig = createHmac('sha256', WEBHOOK_SECRET).update(`${t}.${payload}`).digest('hex');
    const res = await fetch(state.webhook, { method: 'POST', headers: { 'content-type': 'application/json', 'stripe-signature': `t=${t},v1=${sig}` }, body: payload });
    state.deliveries.push(res.status);
  }

  await new Promise((r) => proxy.listen(0, '127.0.0.1', r));
  const proxyURL = `http://127.0.0.1:${proxy.address().port}`;
  return {
    url: proxyURL,
    state,
    sessions,
    env: { SLOTWISE_STRIPE_SECRET_KEY: 'sk_test_e2e', SLOTWISE_STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET, SLOTWISE_STRIPE_API_URL: proxyURL },
    async stop() {
      proxy.close();
      mock.kill();
    },
  };
}

function read(req) {
  return new Promise((resolve) => {
    let data = '';
    req.on('data', (c) => (data += c));
    req.on('end', () => resolve(data));
  });
}
