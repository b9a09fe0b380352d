import type { IntlShape } from '../lib/i18n';
import { absolute } from './content';
import type { EmailContent, EmailData } from './types';

// The ids of a mail to one of a business's people: a lead and what to do
// if it was not them, and one button.
export interface PersonMailIds {
  subject: string;
  title: string;
  lead: string;
  notYou: string;
  heading: string;
  button: string;
  footer: string;
}

// buildPersonContent is a mail to one of a business's people about their
// sign-in (a link, a passkey added): its texts with values, one button to
// href (relative to the mail's base URL).
export function buildPersonContent(data: EmailData, intl: IntlShape, business: string, ids: PersonMailIds, values: Record<string, string | number>, href: string): EmailContent {
  const t = (id: string) => intl.formatMessage({ id }, values);
  const lead = t(ids.lead);
  return {
    lang: data.lang,
    subject: t(ids.subject),
    preheader: lead,
    business,
    brand: data.brand && /^#[0-9a-fA-F]{6}$/.test(data.brand) ? data.brand : undefined,
    title: t(ids.title),
    greeting: intl.formatMessage({ id: 'email.greetingAnonymous' }),
    paragraphs: [lead, t(ids.notYou)],
    rows: [],
    manage: { heading: t(ids.heading), links: [{ label: t(ids.button), href: absolute(data.baseUrl, href), primary: true }] },
    footer: t(ids.footer),
  };
}
