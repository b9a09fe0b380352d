// Shared set-up of the browser tests: the built binary serving on a free
// loopback port with its own private PostgreSQL, and Debian's Chromium.
import { execFileSync, spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync, mkdirSync, readFileSync, readdirSync, statfsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import assert from 'node:assert/strict';
import { after, before } from 'node:test';
import { chromium } from 'playwright-core';
import { clockShift } from '../src/testing/clockShift.mjs';

export const SHOTS = join(process.cwd(), 'test-results');

function freePort() {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

// startServer runs bin/slotwise until stop(); it waits for /healthz.
// extraEnv adds settings (SLOTWISE_TEST_CLOCK to start its clock at an instant).
// Test files run side by side, each with its own server: a port another
// file's server took between our choosing it and listening on it is
// chosen again.
export async function startServer(extraEnv = {}) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await startOnce(extraEnv);
    } catch (err) {
      if (!(err instanceof PortTaken) || attempt === 5) throw err;
    }
  }
}

class PortTaken extends Error {}

async function answers(base) {
  try {
    return (await fetch(base + '/healthz')).ok;
  } catch {
    return false; // not listening yet
  }
}

async function aliveAfter(proc, when) {
  if (Date.now() < when) await new Promise((r) => setTimeout(r, when - Date.now()));
  return proc.exitCode === null;
}

// fastTempRoot is /dev/shm when it is a tmpfs with a few GB free, else the
// system's temporary folder: each server initialises and writes its own
// PostgreSQL cluster in its folder, several times faster on a tmpfs than
// on a journaling disk (scripts/test.sh and dbtest choose the same way).
function fastTempRoot() {
  try {
    const fs = statfsSync('/dev/shm');
    if (fs.type === 0x01021994 && fs.bavail * fs.bsize > 4 * 2 ** 30) return '/dev/shm';
  } catch {
    // no /dev/shm here
  }
  return tmpdir();
}

async function startOnce(extraEnv) {
  const port = await freePort();
  const dataDir = mkdtempSync(join(fastTempRoot(), 'slotwise-e2e-'));
  // Open to the postgres user a server started by root runs its cluster
  // as: else it keeps the cluster in the system's temporary folder, on
  // the disk.
  chmodSync(dataDir, 0o755);
  // The server's own private cluster, unless the test names a database.
  const env = { ...process.env, SLOTWISE_LOG_LEVEL: 'warn' };
  delete env.DATABASE_URL;
  Object.assign(env, extraEnv);
  const proc = spawn('bin/slotwise', ['serve', '--addr', `127.0.0.1:${port}`, '--data-dir', dataDir], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  proc.stdout.on('data', (d) => (output += d));
  proc.stderr.on('data', (d) => (output += d));
  const base = `http://127.0.0.1:${port}`;
  const spawned = Date.now();
  const deadline = spawned + 60000;
  for (;;) {
    // A server that could not listen exits at once; what answered in its
    // place was another file's. Healthy means alive past its first second.
    const healthy = proc.exitCode === null && (await answers(base)) && (await aliveAfter(proc, spawned + 1000));
    if (healthy) break;
    if (proc.exitCode !== null) {
      rmSync(dataDir, { recursive: true, force: true });
      if (/unable to listen on .*address already in use/.test(output)) throw new PortTaken(output);
      throw new Error(`slotwise exited early:\n${output}`);
    }
    if (Date.now() > deadline) throw new Error(`slotwise did not become healthy:\n${output}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    base,
    dataDir,
    output: () => output,
    async stop() {
      const exited = new Promise((r) => proc.once('exit', r));
      proc.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 20000))]);
      rmSync(dataDir, { recursive: true, force: true });
      return proc.exitCode;
    },
  };
}

const shifted = clockShift(process.env.SLOTWISE_CLOCK_SHIFT);

// clockNow is the time the server's clock reads: the real time, moved as a
// run that moves the clock asks.
export const clockNow = () => shifted(Date.now());

export async function launchBrowser() {
  mkdirSync(SHOTS, { recursive: true });
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
  if (process.env.SLOTWISE_CLOCK_SHIFT) {
    // Every page's clock runs from the moved time too.
    const newContext = browser.newContext.bind(browser);
    browser.newContext = async (options) => {
      const ctx = await newContext(options);
      await ctx.clock.install({ time: clockNow() });
      return ctx;
    };
  }
  return browser;
}

// watchConsole collects the page's errors and warnings (hydration mismatches
// among them) so a test can assert there are none.
export function watchConsole(page) {
  const problems = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error' || msg.type() === 'warning') problems.push(`${msg.type()}: ${msg.text()}`);
  });
  page.on('pageerror', (err) => problems.push(`pageerror: ${err.message}`));
  return problems;
}

// languageMenu is the visible language disclosure in scope (a page, a
// frame, a header); chooseLanguage opens it and follows a language's link.
export const languageMenu = (scope) => scope.locator('summary:visible', { hasText: /Language|Sprache/ });
export async function chooseLanguage(scope, name) {
  await languageMenu(scope).click();
  await scope.getByRole('link', { name, exact: true }).click();
}

export async function waitForHydration(page) {
  await page.waitForSelector('html[data-hydrated="true"]', { timeout: 15000 });
}

// LOCALES are the languages the product speaks, as its URLs name them.
export const LOCALES = readdirSync(join(process.cwd(), 'locales'))
  .filter((f) => /^[a-z]{2}(-[a-zA-Z]{2})?\.json$/.test(f))
  .map((f) => f.replace(/\.json$/, '').replace(/^pt-BR$/, 'pt-br'));

// messages reads a catalogue, so tests find what a visitor reads in each
// language without repeating the translations.
export function messages(locale) {
  const read = (f) => JSON.parse(readFileSync(join(process.cwd(), 'locales', `${f}.json`), 'utf8'));
  return { ...read('en-US'), ...(locale === 'en-US' ? {} : read(locale)) };
}

// consented opens a context whose visitor already answered the cookie banner.
export async function consented(browser, base, options = {}) {
  const ctx = await browser.newContext(options);
  await ctx.addCookies([{ name: 'slotwise_consent', value: 'all', url: base }]);
  return ctx;
}

// serveAndBrowse gives a test file the running binary and a browser for all
// its tests, and checks at the end that the binary exits cleanly on SIGTERM.
export function serveAndBrowse() {
  const env = { server: null, browser: null };
  before(async () => {
    env.server = await startServer();
    env.browser = await launchBrowser();
  });
  after(async () => {
    await env.browser?.close();
    const code = await env.server?.stop();
    assert.equal(code, 0, 'slotwise exits cleanly on SIGTERM');
  });
  return env;
}

// withProviderDouble gives a test file a payment provider's double
// (backend/cmd/providerdouble -provider name), the binary configured for it
// (env: the provider's settings, given the double's URL) with its webhook
// pointed at the binary, and a browser.
export function withProviderDouble(provider, env) {
  const out = { server: null, browser: null, double: null, url: '' };
  before(async () => {
    const bin = join(mkdtempSync(join(tmpdir(), `slotwise-${provider}-`)), 'providerdouble');
    execFileSync('go', ['build', '-o', bin, './backend/cmd/providerdouble']);
    out.double = spawn(bin, ['-provider', provider], { stdio: ['ignore', 'pipe', 'pipe'] });
    out.url = await new Promise((resolve, reject) => {
      let said = '';
      out.double.stdout.on('data', (d) => {
        said += d;
        const m = /listening on (\S+)/.exec(said);
        if (m) resolve(m[1]);
      });
      setTimeout(() => reject(new Error(`the ${provider} double did not start:\n${said}`)), 30000);
    });
    out.server = await startServer(env(out.url));
    await fetch(out.url + '/_double/webhook', { method: 'POST', body: `${out.server.base}/api/payments/${provider}/webhook` });
    out.browser = await launchBrowser();
  });
  after(async () => {
    await out.browser?.close();
    await out.server?.stop();
    out.double?.kill();
  });
  return out;
}

// pickSlot chooses, as a visitor would, the first day the server offers
// that has more than `nth` free times (moving on to the next month when
// this one has none left, as late on its last day), clicks its nth time and
// says which. It never assumes a weekday, an hour or a date: what is free
// depends on when the test runs. `except` skips one start (the booking
// being moved).
export async function pickSlot(page, { nth = 0, except = null, nextMonthLabel = /Next month|Nächster Monat/ } = {}) {
  let retries = 0;
  for (let month = 0; month < 3; month++) {
    const days = page.locator('table[role=grid] button:not([aria-disabled])');
    const count = await days.count();
    for (let i = 0; i < count; i++) {
      await days.nth(i).click();
      const slots = page.locator('button[data-slot]');
      await slots.first().waitFor();
      const starts = (await slots.evaluateAll((els) => els.map((el) => el.getAttribute('data-slot')))).filter((s) => s !== except);
      if (starts.length <= nth) continue;
      const slot = page.locator(`button[data-slot="${starts[nth]}"]`);
      const label = await slot.getAttribute('aria-label', { timeout: 5000 }).catch(() => null);
      // A time another booking took just now leaves the list when the page
      // hears of it (a cached page can be a moment behind): look again.
      if (label === null || !(await slot.click({ timeout: 5000 }).then(() => true, () => false))) {
        if (++retries > 3) throw new Error(`the time ${starts[nth]} went away four times`);
        i--;
        continue;
      }
      return { label, start: starts[nth] };
    }
    const next = page.getByRole('button', { name: nextMonthLabel });
    const target = await next.getAttribute('value');
    await next.click();
    // The month has turned once the button points past it (the grid of the
    // month before is not busy either: on a busy machine it was counted
    // before the next one came); then a visitor waits for its times.
    for (let t = 0; t < 300 && (await next.getAttribute('value')) === target; t++) await page.waitForTimeout(50);
    await page.locator('table[role=grid]:not([aria-busy])').waitFor();
  }
  throw new Error(`no day with ${nth + 1} free times in three months`);
}

// fillDetails types a booker's details in the language's labels (t, a
// catalogue from messages()).
export async function fillDetails(page, t, email) {
  await page.getByRole('textbox', { name: new RegExp(t['booking.field.firstName']) }).fill('Ada');
  await page.getByRole('textbox', { name: new RegExp(t['booking.field.lastName']) }).fill('Lovelace');
  await page.getByRole('textbox', { name: new RegExp(`^${t['booking.field.email']}`) }).fill(email);
}

// mailsTo waits until at least n mails to email have left the server (the
// demo writes each to a file under its data directory) and returns them.
export async function mailsTo(dataDir, email, n) {
  const read = () => {
    try {
      return readdirSync(join(dataDir, 'mail'))
        .map((f) => readFileSync(join(dataDir, 'mail', f), 'utf8'))
        .filter((m) => m.includes(email));
    } catch {
      return [];
    }
  };
  for (let i = 0; i < 100 && read().length < n; i++) await new Promise((r) => setTimeout(r, 100));
  return read();
}

const require = createRequire(import.meta.url);
const axeSource = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
const vnuJar = require('vnu-jar');

// axe runs axe-core on the page (its CSP must be bypassed for the script)
// and lists the violations of WCAG 2.1 AA and best practice.
export async function axe(page) {
  await page.addScriptTag({ content: axeSource });
  return page.evaluate(async () => {
    const r = await globalThis.axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] } });
    return r.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')})`);
  });
}

// htmlProblems is what the Nu HTML checker finds wrong in a document: ''
// when it is valid. The checker runs as its own web service on loopback,
// started at a test file's first document: the JVM takes seconds of CPU to
// start and warm up, a document then some milliseconds.
export async function htmlProblems(html) {
  checker ??= startChecker();
  const res = await fetch((await checker) + '?out=gnu&level=error', {
    method: 'POST', headers: { 'Content-Type': 'text/html; charset=utf-8' }, body: html,
  });
  assert.equal(res.status, 200, 'the HTML checker answers');
  return (await res.text()).trim();
}

let checker;

// startChecker runs vnu's web service (nu.validator.servlet.Main) until
// this process exits and resolves to its address once it answers.
async function startChecker() {
  const port = await freePort();
  const java = spawn('java', ['-Dnu.validator.servlet.bind-address=127.0.0.1', '-cp', vnuJar, 'nu.validator.servlet.Main', String(port)],
    { stdio: ['ignore', 'ignore', 'pipe'] });
  let said = '';
  java.stderr.on('data', (d) => { said = (said + d).slice(-2000); });
  process.on('exit', () => java.kill('SIGKILL'));
  const base = `http://127.0.0.1:${port}/`;
  for (const until = Date.now() + 60_000; Date.now() < until;) {
    if (java.exitCode !== null) break;
    try {
      if ((await fetch(base)).ok) {
        java.stderr.destroy();
        java.unref(); // the test file ends when its tests do
        return base;
      }
    } catch { /* not listening yet */ }
    await new Promise((r) => setTimeout(r, 100));
  }
  java.kill('SIGKILL');
  throw new Error(`the HTML checker did not start:\n${said}`);
}

// nextMonth is the month after this one in Berlin, as a booking page's
// month parameter writes it (YYYY-MM): a month that always has free times,
// where this one's may all be gone on its last afternoon.
export function nextMonth() {
  const [y, m] = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin', year: 'numeric', month: '2-digit' }).format(new Date()).split('-').map(Number);
  return m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`;
}
