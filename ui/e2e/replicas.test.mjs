// Two replicas of the binary on one PostgreSQL behave as one: concurrent
// bookings across both never double book, abuse limits are shared, each
// mail goes out once (each event consumed once), an edit reaches both page
// caches, and both drain on SIGTERM.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, chmodSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { clockNow, startServer } from './harness.mjs';

describe('two replicas on one database', () => {
  const pgDir = join(mkdtempSync(join(tmpdir(), 'slotwise-replicas-')), 'pg');
  let a, b, databaseURL;
  let stopped = false;

  before(async () => {
    chmodSync(join(pgDir, '..'), 0o755); // the cluster may run as another user
    databaseURL = execFileSync('bin/slotwise', ['postgres', 'start', '--dir', pgDir, '--fast'], { encoding: 'utf8' }).trim();
    const env = { DATABASE_URL: databaseURL, SLOTWISE_LIMIT_BOOKINGS_PER_EMAIL: '3/1h', SLOTWISE_LIMIT_BOOKINGS_PER_IP: 'off' };
    a = await startServer(env);
    b = await startServer(env); // migrations and the demo: the second finds them done
  });

  after(async () => {
    if (!stopped) await Promise.all([a?.stop(), b?.stop()]);
    try {
      execFileSync('bin/slotwise', ['postgres', 'stop', '--dir', pgDir]);
    } finally {
      rmSync(join(pgDir, '..'), { recursive: true, force: true });
    }
  });

  const book = (server, start, email) =>
    fetch(server.base + '/api/bookings', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ calendar: 'demo-consultation', start, tz: 'Europe/Berlin', contact: { firstName: 'R', lastName: 'Eplica', email, location: 'Lindenstraße 12, 10969 Berlin' } }),
    }).then((r) => r.status);

  async function freeStarts(server) {
    const from = new Date(clockNow() + 86400000).toISOString().slice(0, 10);
    const to = new Date(clockNow() + 40 * 86400000).toISOString().slice(0, 10);
    const res = await fetch(`${server.base}/api/booking/slots?calendar=demo-consultation&from=${from}&to=${to}&tz=Europe/Berlin`);
    const { slots } = await res.json();
    return Object.keys(slots).sort().flatMap((d) => slots[d]);
  }

  const mails = (server) => {
    try {
      return readdirSync(join(server.dataDir, 'mail')).map((f) => readFileSync(join(server.dataDir, 'mail', f), 'utf8'));
    } catch {
      return [];
    }
  };

  test('an edit in the database reaches the page cache of both replicas', async () => {
    const title = async (server) => {
      const res = await fetch(server.base + '/blog/b/winter-skin/');
      return { etag: res.headers.get('etag'), body: await res.text() };
    };
    // Both serve the post from memory (the second answer has the first's ETag).
    for (const server of [a, b]) {
      const deadline = Date.now() + 5000;
      for (;;) {
        const first = await title(server);
        const again = await title(server);
        if (first.etag && first.etag === again.etag) break;
        assert.ok(Date.now() < deadline, 'the page cache never went live');
        await new Promise((r) => setTimeout(r, 20));
      }
    }
    execFileSync('psql', [databaseURL, '-v', 'ON_ERROR_STOP=1', '-qc', "UPDATE posts SET title = 'Winter, edited once' WHERE slug = 'winter-skin'"]);
    for (const server of [a, b]) {
      const deadline = Date.now() + 2000;
      while (!(await title(server)).body.includes('Winter, edited once')) {
        assert.ok(Date.now() < deadline, 'a replica kept the old page');
        await new Promise((r) => setTimeout(r, 10));
      }
    }
  });

  test('concurrent bookings across both replicas take each person once', async () => {
    const [start] = await freeStarts(a);
    const statuses = await Promise.all(Array.from({ length: 24 }, (_, i) => book(i % 2 ? a : b, start, `race${i}@example.com`)));
    assert.equal(statuses.filter((s) => s === 201).length, 2, `statuses ${statuses}`);
    assert.equal(statuses.filter((s) => s === 409).length, 22, `statuses ${statuses}`);
  });

  test('an e-mail address has one limit across both', async () => {
    const starts = (await freeStarts(b)).filter((_, i) => i % 2 === 0).slice(5, 10);
    const statuses = [];
    for (const [i, start] of starts.entries()) statuses.push(await book(i % 2 ? a : b, start, 'same@example.com'));
    assert.deepEqual(statuses, [201, 201, 201, 429, 429]);
  });

  test('each mail goes out once, from one replica or the other', async () => {
    // 2 race winners and 3 limited bookings: two mails each (booker and staff).
    let all = [];
    for (let i = 0; i < 100 && all.length < 10; i++) {
      all = [...mails(a), ...mails(b)];
      await new Promise((r) => setTimeout(r, 100));
    }
    await new Promise((r) => setTimeout(r, 1000)); // a duplicate would show up meanwhile
    all = [...mails(a), ...mails(b)];
    const ids = all.map((m) => /^Message-Id: (.+)$/im.exec(m)?.[1]);
    assert.equal(all.length, 10, `${all.length} mails`);
    assert.equal(new Set(ids).size, 10, 'no mail twice');
  });

  test('both drain and exit cleanly on SIGTERM', async () => {
    const inflight = (await freeStarts(a)).slice(20, 26).map((start, i) => book(i % 2 ? a : b, start, `late${i}@example.com`));
    const answers = Promise.allSettled(inflight);
    await new Promise((r) => setTimeout(r, 15)); // let the requests reach the servers
    const [codeA, codeB] = await Promise.all([a.stop(), b.stop()]);
    stopped = true;
    const settled = await answers;
    assert.equal(codeA, 0);
    assert.equal(codeB, 0);
    // A request the server had begun is answered; one that raced the closing
    // listener is refused at the connection (never half-done), so a client retries it.
    for (const s of settled) {
      if (s.status === 'fulfilled') assert.ok([201, 409].includes(s.value), `in-flight answer ${s.value}`);
      else assert.match(String(s.reason?.cause?.code ?? s.reason?.cause?.message), /UND_ERR_SOCKET|ECONNREFUSED|ECONNRESET|other side closed/);
    }
  });
});
