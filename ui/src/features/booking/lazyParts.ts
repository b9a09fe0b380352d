import { lazyPart } from '../../lib/lazyPart';

// The booker's parts beyond its first screen (the calendar and times), each
// a chunk the browser fetches when it is about to show. lazyParts.server.ts
// is the server's eager twin; a unit test keeps the two alike.
export const DetailsStep = lazyPart(() => import(/* webpackChunkName: "booker-details" */ './components/DetailsForm'), (m) => m.DetailsForm, 'booker-details');
export const RescheduleStep = lazyPart(() => import(/* webpackChunkName: "booker-reschedule" */ './components/RescheduleConfirm'), (m) => m.RescheduleConfirm, 'booker-reschedule');
export const BookingDone = lazyPart(() => import(/* webpackChunkName: "booker-confirmation" */ './components/Confirmation'), (m) => m.Confirmation, 'booker-confirmation');
export const MenuList = lazyPart(() => import(/* webpackChunkName: "booker-menu" */ './MenuScreen'), (m) => m.MenuScreen, 'booker-menu');
export const GroupList = lazyPart(() => import(/* webpackChunkName: "booker-group" */ './GroupScreen'), (m) => m.GroupScreen, 'booker-group');
export const BookingPage = lazyPart(() => import(/* webpackChunkName: "booking-view" */ './BookingViewScreen'), (m) => m.BookingViewScreen, 'booking-view');
export const CancelBooking = lazyPart(() => import(/* webpackChunkName: "booking-cancel" */ './CancelBookingScreen'), (m) => m.CancelBookingScreen, 'booking-cancel');
export const CartLines = lazyPart(() => import(/* webpackChunkName: "booker-cart" */ './components/CartSummary'), (m) => m.CartSummary, 'booker-cart');
export const ZoneSearch = lazyPart(() => import(/* webpackChunkName: "zone-search" */ './components/TimeZoneSearch'), (m) => m.TimeZoneSearch, 'zone-search');
