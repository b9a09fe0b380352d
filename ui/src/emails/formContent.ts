import type { IntlShape } from '../lib/i18n';
import type { EmailContent, EmailData, EmailRow } from './types';

// buildFormContent is the business's mail of a submitted form, quiz or
// survey: every question answered, as Go wrote it in the business's
// language, and when it came, in the business's time zone.
export function buildFormContent(data: EmailData, intl: IntlShape, business: string): EmailContent {
  const f = data.form!;
  const when = f.submitted
    ? intl.formatDate(new Date(f.submitted), { year: 'numeric', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit', timeZoneName: 'short', timeZone: f.timeZone })
    : '';
  const values = { form: f.title, business };
  const lead = intl.formatMessage({ id: 'email.formSubmitted.lead' }, values);
  const rows: EmailRow[] = f.rows.map((r) => ({ label: r.label, value: r.value, href: /^\S+@\S+\.\S+$/.test(r.value) ? 'mailto:' + r.value : undefined }));
  if (f.score) rows.push({ label: intl.formatMessage({ id: 'email.label.score' }), value: f.score });
  if (when) rows.push({ label: intl.formatMessage({ id: 'email.label.submitted' }), value: when });
  if (f.page) rows.push({ label: intl.formatMessage({ id: 'email.label.page' }), value: f.page });
  rows.push({ label: intl.formatMessage({ id: 'email.label.reference' }), value: f.response });
  return {
    lang: data.lang,
    subject: intl.formatMessage({ id: 'email.formSubmitted.subject' }, values),
    preheader: lead,
    business,
    brand: data.brand && /^#[0-9a-fA-F]{6}$/.test(data.brand) ? data.brand : undefined,
    title: intl.formatMessage({ id: 'email.formSubmitted.title' }, values),
    greeting: intl.formatMessage({ id: 'email.greetingAnonymous' }),
    paragraphs: [lead],
    rows,
    footer: intl.formatMessage({ id: 'email.footer.form' }, values),
  };
}
