import type { IntlShape } from '../lib/i18n';
import { absolute, greeting, times } from './content';
import type { EmailContent, EmailData, EmailRow, OwnLayoutKind } from './types';

// The follow-up after an appointment, a staff member's agenda of their
// day, and the links a booker asked for: mails of their own shape.

const brandOf = (data: EmailData) => (data.brand && /^#[0-9a-fA-F]{6}$/.test(data.brand) ? data.brand : undefined);

export function isOwnLayoutKind(kind: string): kind is OwnLayoutKind {
  return kind === 'booking.followup' || kind === 'staff.agenda' || kind === 'booking.links';
}

export function buildOwnLayout(kind: OwnLayoutKind, data: EmailData, intl: IntlShape): EmailContent {
  if (kind === 'booking.links') return links(data, intl);
  return kind === 'booking.followup' ? followUp(data, intl) : agenda(data, intl);
}

// links answers a booker who asked for their links: each upcoming booking,
// its service and time, and the link that opens it.
function links(data: EmailData, intl: IntlShape): EmailContent {
  const all = [data.booking!, ...(data.also ?? [])];
  const values = { business: all[0].locationName, count: all.length };
  const lead = intl.formatMessage({ id: 'email.links.lead' }, values);
  const name = all[0].contact.firstName;
  return {
    lang: data.lang,
    subject: intl.formatMessage({ id: 'email.links.subject' }, values),
    preheader: lead,
    business: all[0].locationName,
    brand: brandOf(data),
    title: intl.formatMessage({ id: 'email.links.title' }, values),
    greeting: greeting(intl, name),
    paragraphs: [lead, intl.formatMessage({ id: 'email.links.notYou' })],
    rows: all.map((x) => ({ label: x.calendar.name, value: times(intl, x.timeZone).when(new Date(x.start), new Date(x.end)) })),
    manage: {
      heading: intl.formatMessage({ id: 'email.links.heading' }),
      links: all.map((x, i) => ({
        label: intl.formatMessage({ id: 'email.links.open' }, { service: x.calendar.name, date: intl.formatDate(new Date(x.start), { month: 'short', day: 'numeric', timeZone: x.timeZone }) }),
        href: absolute(data.baseUrl, x.manageUrl),
        primary: i === 0,
      })),
    },
    footer: intl.formatMessage({ id: 'email.footer' }, { business: all[0].locationName, service: all[0].calendar.name }),
  };
}

// followUp thanks the booker, offers to book again and, when the business
// names one, links to its form, whose answers go with the booking.
function followUp(data: EmailData, intl: IntlShape): EmailContent {
  const b = data.booking!;
  const values = { service: b.calendar.name, business: b.locationName };
  const lead = intl.formatMessage({ id: 'email.followUp.lead' }, values);
  const t = times(intl, b.timeZone);
  const rows: EmailRow[] = [
    { label: intl.formatMessage({ id: 'email.label.service' }), value: b.calendar.name },
    { label: intl.formatMessage({ id: 'email.label.when' }), value: t.when(new Date(b.start), new Date(b.end)) },
  ];
  if (b.staff.name) rows.push({ label: intl.formatMessage({ id: 'email.label.staff' }), value: b.staff.name });
  const links = [];
  if (data.reminder?.formUrl) {
    links.push({ label: intl.formatMessage({ id: 'email.followUp.form' }), href: absolute(data.baseUrl, data.reminder.formUrl), primary: true });
  }
  if (b.bookAgainUrl) {
    links.push({ label: intl.formatMessage({ id: 'email.followUp.bookAgain' }), href: absolute(data.baseUrl, b.bookAgainUrl), primary: links.length === 0 });
  }
  const name = b.contact.firstName;
  return {
    lang: data.lang,
    subject: intl.formatMessage({ id: 'email.followUp.subject' }, values),
    preheader: lead,
    business: b.locationName,
    brand: brandOf(data),
    title: intl.formatMessage({ id: 'email.followUp.title' }),
    greeting: greeting(intl, name),
    paragraphs: [lead],
    rows,
    manage: links.length ? { heading: intl.formatMessage({ id: 'email.followUp.heading' }), links } : undefined,
    footer: intl.formatMessage({ id: 'email.footer' }, values),
  };
}

// agenda lists a person's appointments of one day, in their own zone: the
// time, the service, who comes and where.
function agenda(data: EmailData, intl: IntlShape): EmailContent {
  const all = [data.booking!, ...(data.also ?? [])];
  const zone = data.reminder?.staffTimeZone || all[0].timeZone;
  const [y, m, d] = (data.reminder?.day ?? '').split('-').map(Number);
  // Noon UTC of the day names it in any zone of the world.
  const dayDate = y ? new Date(Date.UTC(y, m - 1, d, 12)) : new Date(all[0].start);
  const day = intl.formatDate(dayDate, { weekday: 'long', year: 'numeric', month: 'long', day: 'numeric', timeZone: y ? 'UTC' : zone });
  const time = (iso: string) => intl.formatTime(new Date(iso), { hour: 'numeric', minute: '2-digit', timeZone: zone });
  const rows: EmailRow[] = all.map((x, i) => {
    const named = data.reminder?.who?.[i];
    const who = named ?? `${x.contact.firstName} ${x.contact.lastName}`.trim() + (x.seats > 1 ? ` (+${x.seats - 1})` : '');
    const parts = [x.calendar.name, who, x.location].filter(Boolean);
    return { label: `${time(x.start)} – ${time(x.end)}`, value: parts.join(' · ') };
  });
  const values = { business: all[0].locationName, day, count: all.length };
  const lead = intl.formatMessage({ id: 'email.agenda.lead' }, values);
  const name = data.staffName ?? '';
  return {
    lang: data.lang,
    subject: intl.formatMessage({ id: 'email.agenda.subject' }, values),
    preheader: lead,
    business: all[0].locationName,
    brand: brandOf(data),
    title: intl.formatMessage({ id: 'email.agenda.title' }, values),
    greeting: greeting(intl, name),
    paragraphs: [lead],
    rows,
    footer: intl.formatMessage({ id: 'email.footer.staff' }, values),
  };
}
