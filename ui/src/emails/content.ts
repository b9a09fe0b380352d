import { combinedPayment, paymentLine } from '../lib/money';
import type { IntlShape, MessageDescriptor } from '../lib/i18n';
import type { EmailContent, EmailData, EmailKind, EmailRow, LinkGroup } from './types';

interface KindMessages {
  subject: MessageDescriptor;
  title: MessageDescriptor;
  lead: MessageDescriptor;
  staff: boolean; // sent to the staff member, who must never get the booker's links
  cancelled: boolean;
  guest?: boolean; // sent to a guest of the booker: no links that carry the booker's secret
}

// Literal ids, so the catalogue test sees every one of them.
const KINDS: Record<EmailKind, KindMessages> = {
  'booking.confirmation': {
    subject: { id: 'email.confirmation.subject' },
    title: { id: 'email.confirmation.title' },
    lead: { id: 'email.confirmation.lead' },
    staff: false,
    cancelled: false,
  },
  'booking.requested': {
    subject: { id: 'email.requested.subject' },
    title: { id: 'email.requested.title' },
    lead: { id: 'email.requested.lead' },
    staff: false,
    cancelled: false,
  },
  'booking.rescheduled': {
    subject: { id: 'email.rescheduled.subject' },
    title: { id: 'email.rescheduled.title' },
    lead: { id: 'email.rescheduled.lead' },
    staff: false,
    cancelled: false,
  },
  'booking.cancelled': {
    subject: { id: 'email.cancelled.subject' },
    title: { id: 'email.cancelled.title' },
    lead: { id: 'email.cancelled.lead' },
    staff: false,
    cancelled: true,
  },
  'booking.declined': {
    subject: { id: 'email.declined.subject' },
    title: { id: 'email.declined.title' },
    lead: { id: 'email.declined.lead' },
    staff: false,
    cancelled: true,
  },
  'guest.invited': {
    subject: { id: 'email.guestInvited.subject' },
    title: { id: 'email.guestInvited.title' },
    lead: { id: 'email.guestInvited.lead' },
    staff: false,
    cancelled: false,
    guest: true,
  },
  'guest.cancelled': {
    subject: { id: 'email.guestCancelled.subject' },
    title: { id: 'email.guestCancelled.title' },
    lead: { id: 'email.guestCancelled.lead' },
    staff: false,
    cancelled: true,
    guest: true,
  },
  'staff.booked': {
    subject: { id: 'email.staffBooked.subject' },
    title: { id: 'email.staffBooked.title' },
    lead: { id: 'email.staffBooked.lead' },
    staff: true,
    cancelled: false,
  },
  'staff.rescheduled': {
    subject: { id: 'email.staffRescheduled.subject' },
    title: { id: 'email.staffRescheduled.title' },
    lead: { id: 'email.staffRescheduled.lead' },
    staff: true,
    cancelled: false,
  },
  'staff.cancelled': {
    subject: { id: 'email.staffCancelled.subject' },
    title: { id: 'email.staffCancelled.title' },
    lead: { id: 'email.staffCancelled.lead' },
    staff: true,
    cancelled: true,
  },
  'booking.reminder': {
    subject: { id: 'email.reminder.subject' },
    title: { id: 'email.reminder.title' },
    lead: { id: 'email.reminder.lead' },
    staff: false,
    cancelled: false,
  },
  'guest.reminder': {
    subject: { id: 'email.guestReminder.subject' },
    title: { id: 'email.guestReminder.title' },
    lead: { id: 'email.guestReminder.lead' },
    staff: false,
    cancelled: false,
    guest: true,
  },
  'staff.reminder': {
    subject: { id: 'email.staffReminder.subject' },
    title: { id: 'email.staffReminder.title' },
    lead: { id: 'email.staffReminder.lead' },
    staff: true,
    cancelled: false,
  },
};

export function isEmailKind(kind: string): kind is EmailKind {
  return Object.prototype.hasOwnProperty.call(KINDS, kind);
}

// absolute joins a booking's relative link to the public origin.
export function absolute(baseUrl: string, path: string): string {
  if (!path) return '';
  if (/^[a-z][a-z0-9+.-]*:/i.test(path)) return path;
  return baseUrl.replace(/\/+$/, '') + (path.startsWith('/') ? path : '/' + path);
}

// greeting greets the recipient by name, or without one.
export function greeting(intl: IntlShape, name: string | undefined): string {
  return name ? intl.formatMessage({ id: 'email.greeting' }, { name }) : intl.formatMessage({ id: 'email.greetingAnonymous' });
}

// Every date and time is formatted in the booking's zone, passed explicitly:
// V8's default zone is the server process's, not the booker's.
export function times(intl: IntlShape, timeZone: string) {
  const range = (start: Date, end: Date) =>
    intl.formatDateTimeRange(start, end, {
      weekday: 'long',
      year: 'numeric',
      month: 'long',
      day: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
      timeZone,
    });
  const zoneName = (at: Date) =>
    intl.formatDateToParts(at, { timeZone, timeZoneName: 'long' }).find((p) => p.type === 'timeZoneName')?.value ?? timeZone;
  return {
    // "Monday, November 23, 2026, 9:00 – 10:00 AM (Central European Standard Time)"
    when: (start: Date, end: Date) => `${range(start, end)} (${zoneName(start)})`,
    // "Nov 23, 2026, 9:00 AM GMT+1", short enough for a subject line
    short: (at: Date) =>
      intl.formatDate(at, { year: 'numeric', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit', timeZoneName: 'short', timeZone }),
  };
}

// spanOf says minutes as people set reminders: days beyond two, else hours
// when whole, else minutes ("24 hours", "3 days", "90 minutes").
function spanOf(lang: string, minutes: number): string {
  const [value, unit] =
    minutes > 2880 && minutes % 1440 === 0 ? [minutes / 1440, 'day'] : minutes % 60 === 0 ? [minutes / 60, 'hour'] : [minutes, 'minute'];
  return new Intl.NumberFormat(lang, { style: 'unit', unit, unitDisplay: 'long' }).format(value);
}

export function buildContent(kind: EmailKind, data: EmailData, intl: IntlShape): EmailContent {
  const k = KINDS[kind];
  const b = data.booking!; // checked by renderEmail
  const start = new Date(b.start);
  const end = new Date(b.end);
  const t = times(intl, b.timeZone);
  // A class's people, when the server names them all (a teacher's reminder).
  const customer = data.reminder?.who?.[0] ?? `${b.contact.firstName} ${b.contact.lastName}`.trim();
  const staffName = data.staffName || b.staff.name;
  // Bookings made together (a series, a visit's services) are one mail.
  const together = [b, ...(data.also ?? [])];
  const values = {
    // A visit names every service it has ("Haircut + Manicure").
    service: [...new Set(together.map((x) => x.calendar.name))].join(' + '),
    business: b.locationName,
    date: t.short(start),
    customer,
    staff: b.staff.name,
  };
  const fmt = (d: MessageDescriptor) => intl.formatMessage(d, values);
  const lead = fmt(k.lead);

  const paragraphs = [lead];
  // The booker's confirmation says which reminders will come.
  const ahead = data.reminder?.remindBefore ?? [];
  if (!k.guest && !k.cancelled && ahead.length > 0) {
    const times = new Intl.ListFormat(data.lang, { type: 'conjunction' }).format(ahead.map((m) => spanOf(data.lang, m)));
    // The business reads which reminders its booker will get too.
    const id = k.staff ? 'email.reminder.noticeStaff' : 'email.reminder.notice';
    paragraphs.push(intl.formatMessage({ id }, { count: ahead.length, times, customer }));
  }
  if (k.staff && b.status === 'requested' && !k.cancelled) paragraphs.push(intl.formatMessage({ id: 'email.staffBooked.awaitsConfirmation' }));

  // A row for each booking made together, named by its service, with its
  // person when they differ.
  const rows: EmailRow[] = [];
  const samePerson = together.every((x) => x.staff.name === b.staff.name);
  if (together.length > 1) {
    paragraphs.push(intl.formatMessage({ id: 'email.together.lead' }, { count: together.length }));
    for (const x of together) {
      const when = t.when(new Date(x.start), new Date(x.end));
      rows.push({ label: x.calendar.name, value: samePerson || !x.staff.name ? when : `${when} · ${x.staff.name}`, struck: k.cancelled });
    }
  } else {
    rows.push({ label: intl.formatMessage({ id: 'email.label.service' }), value: b.calendar.name });
    rows.push({ label: intl.formatMessage({ id: 'email.label.when' }), value: t.when(start, end), struck: k.cancelled });
  }
  // A reminder says the time where the business is too, when the booker
  // booked from another zone (travelling, or a video call across borders).
  const businessZone = data.reminder?.businessTimeZone;
  if (businessZone && !k.cancelled) {
    rows.push({
      label: intl.formatMessage({ id: 'email.label.businessTime' }, { business: b.locationName }),
      value: times(intl, businessZone).when(start, end),
    });
  }
  if (b.previousStart && (kind === 'booking.rescheduled' || kind === 'staff.rescheduled')) {
    const prevStart = new Date(b.previousStart);
    // A visit moved whole moved its every service by the same span.
    const last = together.reduce((m, x) => Math.max(m, new Date(x.end).getTime()), end.getTime());
    const prevEnd = new Date(prevStart.getTime() + (last - start.getTime()));
    rows.push({ label: intl.formatMessage({ id: 'email.label.previous' }), value: t.when(prevStart, prevEnd), struck: true });
  }
  // A guest reads none of the booker's words (the names they typed among
  // them): the server leaves them out of a guest's booking (booking.ForGuest).
  if (b.seats > 1 && !k.guest) {
    const named = (b.guests ?? []).map((g) => g.name);
    const unnamed = b.seats - 1 - named.length;
    const value = [...named, ...(unnamed > 0 ? [intl.formatMessage({ id: 'email.guests.unnamed' }, { count: unnamed })] : [])].join(', ');
    rows.push({ label: intl.formatMessage({ id: 'email.label.guests' }), value });
  }
  if (k.staff) {
    rows.push({ label: intl.formatMessage({ id: 'email.label.customer' }), value: customer });
    if (k.staff && b.contact.email) rows.push({ label: intl.formatMessage({ id: 'email.label.email' }), value: b.contact.email, href: 'mailto:' + b.contact.email });
  }
  if (!k.staff && b.staff.name && samePerson) {
    rows.push({ label: intl.formatMessage({ id: 'email.label.staff' }), value: b.staff.name });
  }
  if (b.location) {
    rows.push({ label: intl.formatMessage({ id: 'email.label.location' }), value: b.location, href: /^https?:\/\//i.test(b.location) ? b.location : undefined });
  }
  // The business reads what the booker answered to its own questions.
  if (k.staff) for (const a of b.answers ?? []) rows.push({ label: a.label, value: a.value });
  if (k.cancelled && b.cancellationReason) {
    rows.push({ label: intl.formatMessage({ id: 'email.label.reason' }), value: b.cancellationReason });
  }
  const payment = combinedPayment(together.map((x) => x.payment));
  const paid = payment && paymentLine(intl, payment, (iso) => intl.formatTime(iso, { timeZone: b.timeZone, hour: 'numeric', minute: '2-digit' }));
  if (paid) rows.push({ label: intl.formatMessage({ id: 'email.label.payment' }), value: paid });
  rows.push({ label: intl.formatMessage({ id: 'email.label.reference' }), value: b.id });

  let calendar: LinkGroup | undefined;
  let manage: LinkGroup | undefined;
  if (!k.cancelled && b.status !== 'requested') {
    const links = [
      { label: intl.formatMessage({ id: 'email.calendar.google' }), href: absolute(data.baseUrl, b.googleUrl) },
      { label: intl.formatMessage({ id: 'email.calendar.outlook' }), href: absolute(data.baseUrl, b.outlookUrl) },
      { label: intl.formatMessage({ id: 'email.calendar.ics' }), href: absolute(data.baseUrl, b.icsUrl) },
    ].filter((l) => l.href);
    // The .ics link carries the booker's token.
    const shown = k.staff || k.guest ? links.filter((l) => !l.href.includes('token=')) : links;
    if (shown.length) calendar = { heading: intl.formatMessage({ id: 'email.calendar.heading' }), links: shown };
  }
  // Manage links carry the booker's token: the booker's mails only. The
  // business decides on a request from its own link.
  if (k.staff && b.decideUrl && b.status === 'requested' && !k.cancelled) {
    manage = {
      heading: intl.formatMessage({ id: 'email.decide.heading' }),
      links: [{ label: intl.formatMessage({ id: 'email.decide.link' }), href: absolute(data.baseUrl, b.decideUrl), primary: true }],
    };
  } else if (!k.staff && !k.guest && !k.cancelled && b.canChange) {
    const links = [
      { label: intl.formatMessage({ id: 'email.manage.view' }), href: absolute(data.baseUrl, b.manageUrl), primary: true },
      { label: intl.formatMessage({ id: 'email.manage.reschedule' }), href: absolute(data.baseUrl, b.rescheduleUrl) },
      { label: intl.formatMessage({ id: 'email.manage.cancel' }), href: absolute(data.baseUrl, b.cancelUrl) },
    ].filter((l) => l.href);
    if (links.length) manage = { heading: intl.formatMessage({ id: 'email.manage.heading' }), links };
  }

  const name = k.staff ? staffName : k.guest ? '' : b.contact.firstName;
  return {
    lang: data.lang,
    subject: fmt(k.subject),
    preheader: lead,
    business: b.locationName,
    brand: data.brand && /^#[0-9a-fA-F]{6}$/.test(data.brand) ? data.brand : undefined,
    title: fmt(k.title),
    greeting: greeting(intl, name),
    paragraphs,
    rows,
    calendar,
    manage,
    footer: intl.formatMessage({ id: k.staff ? 'email.footer.staff' : k.guest ? 'email.footer.guest' : 'email.footer' }, values),
  };
}
