// What Go's notify.Compose hands to renderEmail (notify.EmailData), and what
// it gets back.
import type * as notify from '../generated/notify';

export type { EmailData, RenderedEmail } from '../generated/notify';

// The kinds of mail, from Go's notify.Kind* constants.
export type EmailKind =
  | typeof notify.KindConfirmation
  | typeof notify.KindRequested
  | typeof notify.KindRescheduled
  | typeof notify.KindCancelled
  | typeof notify.KindStaffBooked
  | typeof notify.KindStaffRescheduled
  | typeof notify.KindStaffCancelled
  | typeof notify.KindDeclined
  | typeof notify.KindGuestInvited
  | typeof notify.KindGuestCancelled
  | typeof notify.KindReminder
  | typeof notify.KindGuestReminder
  | typeof notify.KindStaffReminder;

// Mails with a layout of their own: the follow-up after an appointment and
// a staff member's agenda of their day.
export type OwnLayoutKind = typeof notify.KindFollowUp | typeof notify.KindStaffAgenda | typeof notify.KindLinks;

// The content of one mail, laid out twice: as HTML and as plain text.
export interface EmailContent {
  lang: string;
  subject: string;
  preheader: string; // the line inboxes show after the subject
  business: string;
  brand?: string; // #rrggbb, the business's colour: its name, links and buttons
  title: string;
  greeting: string;
  paragraphs: string[];
  rows: EmailRow[];
  calendar?: LinkGroup;
  manage?: LinkGroup;
  footer: string;
}

export interface EmailRow {
  label: string;
  value: string;
  href?: string;
  struck?: boolean; // a time that no longer holds
}

export interface EmailLink {
  label: string;
  href: string;
  primary?: boolean;
}

export interface LinkGroup {
  heading: string;
  links: EmailLink[];
}
