import { lazyPart } from '../../lib/lazyPart';

// The dashboard's screens beyond the bookings: one chunk the browser
// fetches when one of them is shown, so the first JavaScript of a
// dashboard page stays in its budget however many screens there are, and
// the entry every page loads names one chunk more, not one a screen (each
// name and hash is bytes of every public page). Each screen's texts are a
// part of their own (the third argument), which comes with the page that
// shows it (its loader names the part): a page of the calendar carries the
// calendar's texts, not every screen's.
// lazyParts.server.ts is the server's eager twin; a unit test keeps the
// two alike.
export const CalendarPart = lazyPart(() => import(/* webpackChunkName: "admin-screens" */ './CalendarScreen'), (m) => m.CalendarScreen, 'admin-calendar');
export const NewBookingPart = lazyPart(() => import(/* webpackChunkName: "admin-screens" */ './NewBookingScreen'), (m) => m.NewBookingScreen, 'admin-new-booking');
export const AvailabilityPart = lazyPart(() => import(/* webpackChunkName: "admin-screens" */ './AvailabilityScreen'), (m) => m.AvailabilityScreen, 'admin-availability');
export const WhyPart = lazyPart(() => import(/* webpackChunkName: "admin-screens" */ './WhyScreen'), (m) => m.WhyScreen, 'admin-why');
export const ResponsesPart = lazyPart(() => import(/* webpackChunkName: "admin-screens" */ './ResponsesScreen'), (m) => m.ResponsesScreen, 'admin-responses');
export const PeoplePart = lazyPart(() => import(/* webpackChunkName: "admin-screens" */ './PeopleScreen'), (m) => m.PeopleScreen, 'admin-people');
export const AccountPart = lazyPart(() => import(/* webpackChunkName: "admin-screens" */ './AccountScreen'), (m) => m.AccountScreen, 'admin-account');
export const SettingsPart = lazyPart(() => import(/* webpackChunkName: "admin-screens" */ './SettingsScreen'), (m) => m.SettingsScreen, 'admin-settings');
export const ConnectionsPart = lazyPart(() => import(/* webpackChunkName: "admin-screens" */ './ConnectionsScreen'), (m) => m.ConnectionsScreen, 'admin-connections');
export const OrdersPart = lazyPart(() => import(/* webpackChunkName: "admin-screens" */ './OrdersScreen'), (m) => m.OrdersScreen, 'admin-orders');
export const OrderPart = lazyPart(() => import(/* webpackChunkName: "admin-screens" */ './OrderScreen'), (m) => m.OrderScreen, 'admin-orders');
