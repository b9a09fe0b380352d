// What Go's notify.Compose hands to renderEmail (notify.EmailData), and what
// it gets back.
import type { BookingView } from '../features/booking/types';

export type EmailKind =
  | 'booking.confirmation'
  | 'booking.requested'
  | 'booking.rescheduled'
  | 'booking.cancelled'
  | 'staff.booked'
  | 'staff.rescheduled'
  | 'staff.cancelled';

export interface EmailData {
  locale: string; // as in URLs: de, pt-br, en-US
  lang: string; // BCP 47 for Intl: de, pt-BR, en-US
  messages: Record<string, string>; // the locale's catalogue merged over en-US
  booking: BookingView;
  baseUrl: string; // origin of every link: the booking's links are relative
  staffName?: string; // the recipient of staff.* mails
}

export interface RenderedEmail {
  subject: string;
  text: string;
  html: string;
}

// The content of one mail, laid out twice: as HTML and as plain text.
export interface EmailContent {
  lang: string;
  subject: string;
  preheader: string; // the line inboxes show after the subject
  business: string;
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
