import { renderToStaticMarkup } from 'react-dom/server';
import { createIntl, type IntlShape } from '../lib/i18n';
import { buildContent, isEmailKind } from './content';
import { buildFormContent } from './formContent';
import { buildOrderContent, isOrderKind } from './orderContent';
import { buildPasskeyContent } from './passkeyContent';
import { buildSignInContent } from './signInContent';
import { buildOwnLayout, isOwnLayoutKind } from './dayContent';
import { EmailBody } from './EmailHtml';
import { renderText } from './text';
import type { EmailContent, EmailData, EmailKind, RenderedEmail } from './types';

// One formatjs instance per locale for the life of the isolate; it is
// rebuilt only when that locale's catalogue changes.
const intls = new Map<string, { messages: Record<string, string>; intl: IntlShape }>();
let intlErrors: string[] = [];

function sameMessages(a: Record<string, string>, b: Record<string, string>): boolean {
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  return keys.every((k) => a[k] === b[k]);
}

function intlFor(lang: string, messages: Record<string, string>): IntlShape {
  const hit = intls.get(lang);
  if (hit && sameMessages(hit.messages, messages)) return hit.intl;
  const intl = createIntl(
    {
      locale: lang,
      messages,
      // A mail is sent once and cannot be fixed afterwards: a missing message
      // or a bad format fails the render instead of showing a message id.
      onError: (err) => intlErrors.push(err.message),
    },
  );
  intls.set(lang, { messages, intl });
  return intl;
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

function renderHtml(c: EmailContent): string {
  return (
    '<!DOCTYPE html>' +
    `<html lang="${escapeHtml(c.lang)}"><head>` +
    '<meta http-equiv="Content-Type" content="text/html; charset=utf-8">' +
    '<meta name="viewport" content="width=device-width, initial-scale=1">' +
    '<meta name="color-scheme" content="light">' +
    `<title>${escapeHtml(c.subject)}</title>` +
    '</head><body style="margin:0;padding:0;background-color:#f4f4f5;">' +
    renderToStaticMarkup(<EmailBody c={c} />) +
    '</body></html>'
  );
}

function validate(kind: string, data: EmailData) {
  if (!data.lang || !data.messages) throw new Error('renderEmail: lang and messages are required');
  if (kind === 'form.submitted') {
    if (!data.form || !Array.isArray(data.form.rows)) throw new Error('renderEmail: form.submitted needs the form');
    return;
  }
  if (kind === 'admin.sign_in') {
    if (!data.signIn?.link) throw new Error('renderEmail: admin.sign_in needs the link');
    return;
  }
  if (kind === 'admin.passkey_added') {
    if (!data.passkey?.account) throw new Error('renderEmail: admin.passkey_added needs the account');
    return;
  }
  if (isOrderKind(kind)) {
    const o = data.order;
    if (!o || !Array.isArray(o.lines) || !o.currency || !o.link || !o.timeZone) throw new Error(`renderEmail: ${kind} needs the order`);
    return;
  }
  const b = data?.booking;
  if (!b || !b.start || !b.end || !b.timeZone) throw new Error('renderEmail: booking with start, end and timeZone is required');
  if (Number.isNaN(Date.parse(b.start)) || Number.isNaN(Date.parse(b.end))) throw new Error(`renderEmail: invalid booking times ${b.start}, ${b.end}`);
  if (!data.lang || !data.messages) throw new Error('renderEmail: lang and messages are required');
}

export function renderEmail(kind: string, data: EmailData): RenderedEmail {
  if (!isEmailKind(kind) && !isOwnLayoutKind(kind) && !['form.submitted', 'admin.sign_in', 'admin.passkey_added'].includes(kind) && !isOrderKind(kind)) throw new Error(`renderEmail: unknown kind ${kind}`);
  validate(kind, data);
  intlErrors = [];
  const intl = intlFor(data.lang, data.messages);
  const content =
    kind === 'form.submitted'
      ? buildFormContent(data, intl, data.form!.business)
      : kind === 'admin.sign_in'
        ? buildSignInContent(data, intl)
        : kind === 'admin.passkey_added'
        ? buildPasskeyContent(data, intl)
        : isOrderKind(kind)
        ? buildOrderContent(kind, data, intl)
        : isOwnLayoutKind(kind)
        ? buildOwnLayout(kind, data, intl)
        : buildContent(kind as EmailKind, data, intl);
  const text = renderText(content);
  const html = renderHtml(content);
  if (intlErrors.length) {
    const errs = intlErrors;
    intlErrors = [];
    throw new Error(`renderEmail ${kind} (${data.lang}): ${errs.join('; ')}`);
  }
  return { subject: content.subject, text, html };
}
