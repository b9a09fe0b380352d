// The booking feature's data, as the Go loaders and APIs send it. The types
// are generated from the Go structs (ui/src/generated, `make types`); this
// file names them as the booking screens use them. Every instant is RFC 3339
// with an offset; every zone an IANA name.
import type * as booking from '../../generated/booking';
import type * as web from '../../generated/web';

export type { BookingStatus, FieldRule, LocationOption } from '../../generated/booking';
export type { CalendarInfo, LocationInfo, SlotsResponse, BookingPageData, BookingViewData, ActionResult, GroupPageData, GroupCalendar, TeamInfo, SeriesResponse, MenuPageData, MenuService, MenuCategory } from '../../generated/web';

// A booking as the booker sees it: API answers, manage pages and e-mails.
export type BookingView = booking.View;

// POST /api/bookings body.

// Error body of every API: fields maps a field path (contact.email) to a
// message id and its text in the request's language.
export type ApiError = web.APIErrorResponse;
