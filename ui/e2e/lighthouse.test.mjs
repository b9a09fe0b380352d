// Lighthouse's accessibility and SEO audits of the public pages a visitor
// meets first, each scoring 100, on a phone. Chromium is the machine's,
// started by Lighthouse's own launcher with the project's flags; the pages
// are the served ones and nothing is fetched from elsewhere. (A booking's
// own pages say noindex on purpose, so only their accessibility counts.)
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { startServer } from './harness.mjs';

const FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];

const pages = [
  ['home', '/', ['accessibility', 'seo']],
  ['booking, first screen', '/widget/bookings/demo-consultation', ['accessibility', 'seo']],
  ['team in German', '/de/widget/appointment/demo-team', ['accessibility', 'seo']],
  ["a cart's times", '/widget/service-menus/demo-salon?cart=salon-haircut,salon-manicure&step=time', ['accessibility', 'seo']],
  ['contact form', '/widget/form/demo-contact', ['accessibility', 'seo']],
  ['survey in German', '/de/widget/survey/demo-survey', ['accessibility', 'seo']],
  ['a blog post', '/blog/b/winter-skin/', ['accessibility', 'seo']],
  // A page translated, and one shown in a language it lacks (its original, marked).
  ['a post in German', '/de/blog/b/ihre-haut-im-winter/', ['accessibility', 'seo']],
  ['an untranslated page in German', '/de/prices', ['accessibility', 'seo']],
  ['the journal in German, its German posts', '/de/blog', ['accessibility', 'seo']],
  ['privacy policy', '/privacy', ['accessibility', 'seo']],
];

describe('Lighthouse on a phone', () => {
  let server;
  let chrome;
  before(async () => {
    server = await startServer();
    chrome = await chromeLauncher.launch({ chromePath: '/usr/bin/chromium', chromeFlags: FLAGS, logLevel: 'silent' });
  });
  after(async () => {
    chrome?.kill();
    assert.equal(await server?.stop(), 0);
  });

  for (const [name, path, categories] of pages) {
    test(`${name}: ${categories.join(' and ')} 100`, async () => {
      const run = await lighthouse(server.base + path, { port: chrome.port, onlyCategories: categories, logLevel: 'error', formFactor: 'mobile', disableFullPageScreenshot: true });
      const { lhr } = run;
      assert.equal(lhr.runtimeError, undefined, `${name}: ${lhr.runtimeError?.message}`);
      for (const c of categories) {
        const failing = lhr.categories[c].auditRefs
          .map((ref) => lhr.audits[ref.id])
          .filter((a) => a.score !== null && a.score < 1 && !['informative', 'notApplicable', 'manual'].includes(a.scoreDisplayMode))
          .map((a) => a.id);
        assert.equal(Math.round(lhr.categories[c].score * 100), 100, `${name}: ${c} fails ${failing.join(', ')}`);
      }
    });
  }
});
