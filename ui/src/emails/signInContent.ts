import type { IntlShape } from '../lib/i18n';
import { buildPersonContent } from './personContent';
import type { EmailContent, EmailData } from './types';

// buildSignInContent is a person's link into their business's dashboard:
// one button, how long it works, and what to do when they did not ask.
export function buildSignInContent(data: EmailData, intl: IntlShape): EmailContent {
  const s = data.signIn!;
  const values = { business: s.business, minutes: s.minutes, email: s.email, hours: Math.round(s.minutes / 60) };
  // An owner's invitation says who added the person, and lives a day.
  const ids = {
    subject: s.invited ? 'email.signIn.subjectInvited' : 'email.signIn.subject',
    title: 'email.signIn.title',
    lead: s.invited ? 'email.signIn.leadInvited' : 'email.signIn.lead',
    notYou: 'email.signIn.notYou',
    heading: 'email.signIn.heading',
    button: 'email.signIn.button',
    footer: 'email.signIn.footer',
  };
  return buildPersonContent(data, intl, s.business, ids, values, s.link);
}
