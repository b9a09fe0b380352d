// The booking feature's data, as the Go loaders and APIs send it
// (backend/internal/booking and backend/internal/web). Every instant is
// RFC 3339 with an offset; every zone an IANA name.

export type FieldRule = 'required' | 'optional' | 'hidden';

export interface LocationOption {
  kind: 'address' | 'phone' | 'video' | 'booker'; // booker: the booker types where they want to meet
  value: string; // the address, phone number or video link ('' for booker)
}

export interface CalendarInfo {
  slug: string;
  name: string;
  description: string;
  durationMinutes: number;
  requiresConfirmation: boolean;
  staffMode: 'any' | 'named'; // named: the booker must pick a person
  staff: { id: number; name: string }[]; // everyone who can take it
  fixedStaff?: { id: number; name: string } | null; // /widget/appointment/{provider}/{service}
  locationOptions: LocationOption[];
  fields: { phone: FieldRule; dateOfBirth: FieldRule; location: FieldRule; notes: FieldRule };
}

export interface LocationInfo {
  name: string;
  logoUrl: string;
  brandColor: string;
  timeZone: string;
  currency: string;
  consentText: string; // shown beside the consent checkbox
  termsUrl: string;
}

// GET /api/booking/slots answer.
export interface SlotsResponse {
  timezone: string;
  slots: Record<string, string[]>; // booker-local date YYYY-MM-DD → slot starts
  next: string | null; // first free slot after the range, for "next available"
}

// Page payload data of /widget/bookings/{slug}, /widget/appointment/service/{service},
// /widget/appointment/{provider}/{service}.
export interface BookingPageData {
  calendar: CalendarInfo;
  location: LocationInfo;
  timeZone: string; // zone of the first render: ?tz= or the business's; the client switches to the browser's
  month: string; // YYYY-MM first shown
  slots: SlotsResponse; // for that month in timeZone
  now: string; // server time of the render
  reschedule?: BookingView | null; // set when rescheduling: the booking being moved
  token?: string; // its manage token
}

export type BookingStatus = 'scheduled' | 'requested' | 'rescheduled' | 'cancelled';

export interface BookingView {
  id: string;
  status: BookingStatus;
  start: string;
  end: string;
  timeZone: string; // the booker's zone
  previousStart: string | null; // set after a reschedule
  cancellationReason: string;
  calendar: { slug: string; name: string; durationMinutes: number };
  staff: { id: number; name: string };
  location: string;
  contact: { firstName: string; lastName: string; email: string };
  locationName: string; // the business
  manageUrl: string; // /widget/booking/{id}?token=…
  rescheduleUrl: string; // /widget/bookings/{slug}?reschedule={id}&token=…
  cancelUrl: string; // /widget/booking/cancel-booking?id={id}&token=…
  icsUrl: string; // /api/bookings/{id}/ics?token=…
  googleUrl: string;
  outlookUrl: string;
  canChange: boolean; // false once past or cancelled
}

// Page payload data of /widget/booking/{id|ids}?token=… and the cancel routes.
export interface BookingViewData {
  bookings: BookingView[];
  token: string;
}

// POST /api/bookings body.
export interface BookingRequest {
  calendar: string;
  start: string;
  tz: string;
  staff?: number;
  locale?: string;
  acceptTerms?: boolean; // required when the business has terms
  contact: {
    firstName: string;
    lastName: string;
    email: string;
    phone: string;
    dateOfBirth?: string; // YYYY-MM-DD
    location?: string;
    notes?: string;
    consent?: boolean;
  };
}

// Error body of every API: fields maps a field path (contact.email) to a
// message id and its text in the request's language.
export interface ApiError {
  error: {
    code: string; // slot_unavailable, invalid, not_found, expired, ...
    message: string;
    messageId?: string;
    fields?: Record<string, { id: string; message: string }>;
  };
}
