import type { IntlShape } from '../lib/i18n';
import { absolute } from './content';
import type { EmailContent, EmailData } from './types';

// buildSignInContent is a person's link into their business's dashboard:
// one button, how long it works, and what to do when they did not ask.
export function buildSignInContent(data: EmailData, intl: IntlShape): EmailContent {
  const s = data.signIn!;
  const values = { business: s.business, minutes: s.minutes, email: s.email, hours: Math.round(s.minutes / 60) };
  // An owner's invitation says who added the person, and lives a day.
  const lead = intl.formatMessage({ id: s.invited ? 'email.signIn.leadInvited' : 'email.signIn.lead' }, values);
  return {
    lang: data.lang,
    subject: intl.formatMessage({ id: s.invited ? 'email.signIn.subjectInvited' : 'email.signIn.subject' }, values),
    preheader: lead,
    business: s.business,
    brand: data.brand && /^#[0-9a-fA-F]{6}$/.test(data.brand) ? data.brand : undefined,
    title: intl.formatMessage({ id: 'email.signIn.title' }, values),
    greeting: intl.formatMessage({ id: 'email.greetingAnonymous' }),
    paragraphs: [lead, intl.formatMessage({ id: 'email.signIn.notYou' }, values)],
    rows: [],
    manage: {
      heading: intl.formatMessage({ id: 'email.signIn.heading' }, values),
      links: [{ label: intl.formatMessage({ id: 'email.signIn.button' }, values), href: absolute(data.baseUrl, s.link), primary: true }],
    },
    footer: intl.formatMessage({ id: 'email.signIn.footer' }, values),
  };
}
