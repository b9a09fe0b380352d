import type { IntlShape } from '../lib/i18n';
import { absolute } from './content';
import type { EmailContent, EmailData } from './types';

// buildPasskeyContent tells a person that a passkey now signs them in:
// which browser's, and, if they did not add it, the way to their account,
// where it is removed and every browser signed out.
export function buildPasskeyContent(data: EmailData, intl: IntlShape): EmailContent {
  const p = data.passkey!;
  const values = { business: p.business, email: p.email, name: p.name };
  const lead = intl.formatMessage({ id: 'email.passkey.lead' }, values);
  return {
    lang: data.lang,
    subject: intl.formatMessage({ id: 'email.passkey.subject' }, values),
    preheader: lead,
    business: p.business,
    brand: data.brand && /^#[0-9a-fA-F]{6}$/.test(data.brand) ? data.brand : undefined,
    title: intl.formatMessage({ id: 'email.passkey.title' }, values),
    greeting: intl.formatMessage({ id: 'email.greetingAnonymous' }),
    paragraphs: [lead, intl.formatMessage({ id: 'email.passkey.notYou' }, values)],
    rows: [],
    manage: {
      heading: intl.formatMessage({ id: 'email.passkey.heading' }, values),
      links: [{ label: intl.formatMessage({ id: 'email.passkey.button' }, values), href: absolute(data.baseUrl, p.account), primary: true }],
    },
    footer: intl.formatMessage({ id: 'email.passkey.footer' }, values),
  };
}
