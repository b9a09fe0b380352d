// Forms, quizzes and surveys as visitors meet them: in two languages, with
// mistakes, with Back and reload halfway through a survey, by keyboard,
// without JavaScript, and checked by axe-core and the Nu HTML checker.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { SHOTS, axe, consented, htmlProblems, messages, serveAndBrowse, waitForHydration, watchConsole } from './harness.mjs';

const env = serveAndBrowse();

// A person takes a few seconds over a form; the server refuses faster posts.
const MIN_FILL_MS = 3200;

async function open(path, { js = true, locale = 'en-US', viewport = { width: 390, height: 844 } } = {}) {
  const ctx = await consented(env.browser, env.server.base, { viewport, javaScriptEnabled: js, locale });
  const page = await ctx.newPage();
  const problems = watchConsole(page);
  await page.goto(env.server.base + path);
  if (js) await waitForHydration(page);
  return { ctx, page, problems };
}

const contact = {
  'en-US': { path: '/widget/form/demo-contact?utm_source=e2e', name: 'Your name', email: 'Email', topic: 'What is it about?', message: 'Message', send: 'Send message', thanks: 'Thank you! We have your message' },
  de: { path: '/de/widget/form/demo-contact?utm_source=e2e', name: 'Ihr Name', email: 'E-Mail', topic: 'Worum geht es?', message: 'Nachricht', send: 'Nachricht senden', thanks: 'Danke! Ihre Nachricht ist angekommen' },
};

describe('the contact form', () => {
  for (const [locale, t] of Object.entries(contact)) {
    test(`${locale}: says what is missing, field by field, then sends once`, async () => {
      const m = messages(locale);
      const { ctx, page, problems } = await open(t.path);
      const started = Date.now();
      await page.getByRole('button', { name: t.send }).click();
      await page.getByText(m['validation.required']).first().waitFor();
      assert.equal(await page.evaluate(() => document.activeElement?.getAttribute('name')), 'answers.name', 'focus moves to the first field in error');
      assert.equal(await page.getByLabel(t.name).getAttribute('aria-invalid'), 'true');
      await page.getByLabel(t.name).fill('Ada Lovelace');
      await page.getByRole('textbox', { name: t.email, exact: true }).fill('ada@example');
      await page.getByLabel(t.topic).selectOption('booking');
      await page.getByLabel(t.message).fill('Is Friday afternoon free?');
      await page.getByRole('button', { name: t.send }).click();
      await page.getByText(m['validation.emailInvalid']).waitFor();
      await page.getByRole('textbox', { name: t.email, exact: true }).fill('ada@example.com');
      await page.waitForTimeout(Math.max(0, MIN_FILL_MS - (Date.now() - started)));
      await page.getByRole('button', { name: t.send }).click();
      await page.getByText(t.thanks).waitFor();
      assert.match(page.url(), /response=/);
      await page.reload();
      await page.getByText(t.thanks).waitFor();
      // The end of the visit leads on: to booking, and back to the website.
      await page.getByRole('link', { name: m['form.wayOn.book'] }).waitFor();
      await page.screenshot({ path: join(SHOTS, `form-thanks-${locale}-390.png`) });
      await page.getByRole('link', { name: m['form.wayOn.home'] }).click();
      await page.waitForURL((u) => u.pathname === (locale === 'de' ? '/de' : '/'));
      assert.deepEqual(problems, []);
      await ctx.close();
    });
  }

  test('filled at once, as autofill does, and sent at once: taken, with the proof the browser makes', async () => {
    const { ctx, page, problems } = await open('/widget/form/demo-contact');
    const started = Date.now();
    await page.getByLabel('Your name').fill('Ada Lovelace');
    await page.getByRole('textbox', { name: 'Email', exact: true }).fill('ada.autofill@example.com');
    await page.getByLabel('What is it about?').selectOption('booking');
    await page.getByLabel('Message').fill('Filled by my browser.');
    const sent = page.waitForRequest((r) => r.method() === 'POST');
    await page.getByRole('button', { name: 'Send message' }).click();
    const body = (await sent).postData() ?? '';
    await page.getByText('Thank you! We have your message').waitFor();
    assert.ok(Date.now() - started < MIN_FILL_MS, 'sent sooner than the form\'s minimum time');
    assert.match(body, /proof[^0-9]{1,12}\d+/, 'the post carries the browser\'s proof');
    assert.deepEqual(problems, []);
    await ctx.close();
  });

  test('without JavaScript: refused with its messages and what was typed, then sent', async () => {
    const { ctx, page } = await open('/widget/form/demo-contact', { js: false });
    await page.getByLabel('Your name').fill('Grace Hopper');
    await page.getByRole('button', { name: 'Send message' }).click();
    await page.getByText('This field is required').first().waitFor();
    assert.equal(await page.getByLabel('Your name').inputValue(), 'Grace Hopper');
    await page.getByRole('textbox', { name: 'Email', exact: true }).fill('grace@example.com');
    await page.getByLabel('What is it about?').selectOption('other');
    await page.getByLabel('Message').fill('A question about gift cards.');
    await page.waitForTimeout(MIN_FILL_MS);
    await page.getByRole('button', { name: 'Send message' }).click();
    await page.getByText('Thank you! We have your message').waitFor();
    await ctx.close();
  });

  test('by keyboard alone', async () => {
    const { ctx, page } = await open('/widget/form/demo-contact');
    await page.getByLabel('Your name').focus();
    await page.keyboard.type('Alan Turing');
    await page.keyboard.press('Tab');
    await page.keyboard.type('alan@example.com');
    await page.keyboard.press('Tab'); // the phone's country
    await page.keyboard.press('Tab'); // the phone, optional
    await page.keyboard.press('Tab');
    await page.keyboard.type('S'); // Something else
    await page.keyboard.press('Tab');
    await page.keyboard.type('Typed without a mouse.');
    await page.waitForTimeout(MIN_FILL_MS);
    await page.keyboard.press('Tab'); // the newsletter box
    await page.keyboard.press('Space');
    await page.keyboard.press('Tab'); // its privacy policy
    assert.equal(await page.evaluate(() => document.activeElement?.textContent), 'Privacy policy');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await page.getByText('Thank you! We have your message').waitFor();
    await ctx.close();
  });
});

const quiz = {
  'en-US': { path: '/widget/quiz/demo-quiz', answers: ['How well it protects against UVB rays', 'Hyaluronic acid', 'Ceramides', 'Once or twice a week'], water: 'plenty', submit: 'See my score', band: 'Skin expert' },
  de: { path: '/de/widget/quiz/demo-quiz', answers: ['Wie gut sie vor UVB-Strahlen schützt', 'Hyaluronsäure', 'Ceramide', 'Ein- bis zweimal pro Woche'], water: 'plenty', submit: 'Meine Punkte zeigen', band: 'Hautexperte' },
};

describe('the quiz', () => {
  for (const [locale, q] of Object.entries(quiz)) {
    test(`${locale}: the server scores it and the result names the band`, async () => {
      const { ctx, page, problems } = await open(q.path);
      for (const a of q.answers) await page.getByLabel(a).check();
      await page.locator('select[name="answers.water"]').selectOption(q.water);
      await page.waitForTimeout(MIN_FILL_MS);
      await page.getByRole('button', { name: q.submit }).click();
      await page.waitForURL(/quiz-result\/6\?response=/);
      await page.getByRole('heading', { name: q.band }).waitFor();
      // What it recommends can be booked from here.
      const book = page.getByRole('link', { name: messages(locale)['site.bookingWidget'] });
      assert.match(await book.getAttribute('href'), /\/widget\/groups\/demo-group$/);
      await page.screenshot({ path: join(SHOTS, `quiz-result-${locale}.png`), fullPage: true });
      // A score typed into the URL is not believed.
      await page.goto(page.url().replace('/6?', '/5?'));
      await page.getByText(messages(locale)['quiz.unknown']).waitFor();
      assert.deepEqual(problems, []);
      await ctx.close();
    });
  }

  test('without JavaScript', async () => {
    const { ctx, page } = await open('/widget/quiz/demo-quiz', { js: false });
    for (const a of ['Its protection against UVA rays only', 'Ceramides', 'Every day']) await page.getByLabel(a).check();
    await page.locator('select[name="answers.water"]').selectOption('little');
    await page.waitForTimeout(MIN_FILL_MS);
    await page.getByRole('button', { name: 'See my score' }).click();
    await page.waitForURL(/quiz-result\/0\?response=/);
    await page.getByRole('heading', { name: 'Just starting out' }).waitFor();
    await ctx.close();
  });
});

describe('the survey', () => {
  test('Back, Forward and reload halfway keep every answer; the jump skips a step', async () => {
    const { ctx, page, problems } = await open('/de/widget/survey/demo-survey');
    await page.getByText('Schritt 1 von 3').waitFor();
    await page.getByLabel('Ja', { exact: true }).check();
    await page.getByLabel('4 von 5').check();
    await page.getByRole('button', { name: 'Weiter' }).click();
    await page.waitForURL(/step=experience/);
    await page.getByText('Schritt 2 von 3').waitFor();
    // What is typed and not sent yet outlives a reload.
    await page.getByRole('textbox', { name: /Was könnten wir besser machen/ }).fill('Mehr Termine am Abend');
    await page.reload();
    await waitForHydration(page);
    await page.waitForFunction(() => document.querySelector('textarea')?.value === 'Mehr Termine am Abend');
    await page.goBack();
    await page.waitForURL(/step=visit/);
    assert.ok(await page.getByLabel('4 von 5').isChecked(), 'Back shows the rating given');
    await page.reload();
    assert.ok(await page.getByLabel('4 von 5').isChecked(), 'reload shows the rating given');
    // Not been there after all: the rating goes, and the jump skips step 2.
    await page.getByLabel('Noch nicht').check();
    assert.equal(await page.getByLabel('4 von 5').count(), 0);
    await page.getByRole('button', { name: 'Weiter' }).click();
    await page.waitForURL(/step=next/);
    // A skipped step is counted: the total never changes.
    await page.getByText('Schritt 3 von 3').waitFor();
    await page.getByLabel('Vielleicht').check();
    await page.waitForTimeout(MIN_FILL_MS);
    await page.getByRole('button', { name: 'Antworten senden' }).click();
    await page.getByText('Danke für Ihre Zeit!').waitFor();
    assert.deepEqual(problems, []);
    await ctx.close();
  });

  test('without JavaScript, step by step, with its way back', async () => {
    const { ctx, page } = await open('/widget/survey/demo-survey', { js: false });
    await page.getByLabel('Yes', { exact: true }).check();
    await page.getByRole('button', { name: 'Next' }).click();
    // The rating shows once the visit is known: the same step again, with
    // the question the answer opened and no error for it.
    await page.getByLabel('5 of 5').waitFor();
    assert.equal(await page.getByText('This field is required').count(), 0);
    assert.ok(await page.getByLabel('Yes', { exact: true }).isChecked());
    await page.getByLabel('5 of 5').check();
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByText('Step 2 of 3').waitFor();
    await page.getByRole('link', { name: 'Back' }).click();
    assert.ok(await page.getByLabel('5 of 5').isChecked());
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByLabel('The staff').check();
    await page.getByLabel('The price').check();
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByLabel('Yes', { exact: true }).check();
    await page.waitForTimeout(MIN_FILL_MS);
    await page.getByRole('button', { name: 'Send my answers' }).click();
    await page.getByText('Thank you for your time!').waitFor();
    await ctx.close();
  });
});

describe('every form screen', () => {
  const screens = [
    ['contact form', '/widget/form/demo-contact', null],
    ['contact form with its errors', '/widget/form/demo-contact', async (page) => page.getByRole('button', { name: 'Send message' }).click().then(() => page.getByText('This field is required').first().waitFor())],
    ['quiz in German', '/de/widget/quiz/demo-quiz', null],
    ['survey, first step', '/widget/survey/demo-survey', null],
    ['quiz result that claims nothing', '/widget/quiz-result/3', null],
    [
      'survey, second step',
      '/widget/survey/demo-survey',
      async (page) => {
        await page.getByLabel('Yes', { exact: true }).check();
        await page.getByLabel('4 of 5').check();
        await page.getByRole('button', { name: 'Next' }).click();
        await page.getByText('Step 2 of 3').waitFor();
      },
    ],
    [
      'quiz result with its answers revealed',
      '/widget/quiz/demo-quiz',
      async (page) => {
        for (const a of ['How well it protects against UVB rays', 'Ceramides', 'Every day']) await page.getByLabel(a).check();
        await page.locator('select[name="answers.water"]').selectOption('some');
        await page.waitForTimeout(MIN_FILL_MS);
        await page.getByRole('button', { name: 'See my score' }).click();
        await page.getByText('Your answers').waitFor();
      },
    ],
    [
      'the thanks',
      '/widget/form/demo-contact',
      async (page) => {
        await page.getByLabel('Your name').fill('Ada Lovelace');
        await page.getByRole('textbox', { name: 'Email', exact: true }).fill('ada@example.com');
        await page.getByLabel('What is it about?').selectOption('other');
        await page.getByLabel('Message').fill('Hello there.');
        await page.waitForTimeout(MIN_FILL_MS);
        await page.getByRole('button', { name: 'Send message' }).click();
        await page.getByText('Thank you! We have your message').waitFor();
      },
    ],
  ];
  for (const [name, path, act] of screens) {
    test(`${name}: no axe violations, valid HTML`, async () => {
      const ctx = await consented(env.browser, env.server.base, { viewport: { width: 390, height: 844 }, bypassCSP: true });
      const page = await ctx.newPage();
      await page.goto(env.server.base + path);
      await waitForHydration(page);
      if (act) await act(page);
      assert.deepEqual(await axe(page), [], `${name} has accessibility violations`);
      const res = await fetch(page.url(), { headers: { Cookie: 'slotwise_consent=all' } });
      assert.equal(await htmlProblems(await res.text()), '', `${name} is not valid HTML`);
      await ctx.close();
    });
  }
});
