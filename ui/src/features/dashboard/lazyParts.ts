import { lazyPart } from '../../lib/lazyPart';

// The dashboard's screens beyond the bookings: one chunk the browser
// fetches when one of them is shown, so the first JavaScript of a
// dashboard page stays in its budget however many screens there are, and
// the entry every page loads names one chunk more, not one a screen (each
// name and hash is bytes of every public page). Their texts come with the
// page that shows them (the loader names the part).
// lazyParts.server.ts is the server's eager twin; a unit test keeps the
// two alike.
export const CalendarPart = lazyPart(() => import(/* webpackChunkName: "admin-screens" */ './CalendarScreen'), (m) => m.CalendarScreen, 'admin-screens');
export const NewBookingPart = lazyPart(() => import(/* webpackChunkName: "admin-screens" */ './NewBookingScreen'), (m) => m.NewBookingScreen, 'admin-screens');
export const AvailabilityPart = lazyPart(() => import(/* webpackChunkName: "admin-screens" */ './AvailabilityScreen'), (m) => m.AvailabilityScreen, 'admin-screens');
export const WhyPart = lazyPart(() => import(/* webpackChunkName: "admin-screens" */ './WhyScreen'), (m) => m.WhyScreen, 'admin-screens');
export const ResponsesPart = lazyPart(() => import(/* webpackChunkName: "admin-screens" */ './ResponsesScreen'), (m) => m.ResponsesScreen, 'admin-screens');
export const PeoplePart = lazyPart(() => import(/* webpackChunkName: "admin-screens" */ './PeopleScreen'), (m) => m.PeopleScreen, 'admin-screens');
export const AccountPart = lazyPart(() => import(/* webpackChunkName: "admin-screens" */ './AccountScreen'), (m) => m.AccountScreen, 'admin-screens');
export const SettingsPart = lazyPart(() => import(/* webpackChunkName: "admin-screens" */ './SettingsScreen'), (m) => m.SettingsScreen, 'admin-screens');
export const ConnectionsPart = lazyPart(() => import(/* webpackChunkName: "admin-screens" */ './ConnectionsScreen'), (m) => m.ConnectionsScreen, 'admin-screens');
