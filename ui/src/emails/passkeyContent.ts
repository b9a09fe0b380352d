import type { IntlShape } from '../lib/i18n';
import { buildPersonContent } from './personContent';
import type { EmailContent, EmailData } from './types';

// buildPasskeyContent tells a person that a passkey now signs them in:
// which browser's, and, if they did not add it, the way to their passkeys,
// where it is removed and every browser signed out.
export function buildPasskeyContent(data: EmailData, intl: IntlShape): EmailContent {
  const p = data.passkey!;
  const ids = {
    subject: 'email.passkey.subject',
    title: 'email.passkey.title',
    lead: 'email.passkey.lead',
    notYou: 'email.passkey.notYou',
    heading: 'email.passkey.heading',
    button: 'email.passkey.button',
    footer: 'email.passkey.footer',
  };
  return buildPersonContent(data, intl, p.business, ids, { business: p.business, email: p.email, name: p.name }, p.account);
}
