import { BookingScreen } from '../features/dashboard/BookingScreen';
import { BookingsScreen } from '../features/dashboard/BookingsScreen';
import { AdminShell } from '../features/dashboard/AdminShell';
import {
  AccountPart,
  AvailabilityPart,
  CalendarPart,
  ConnectionsPart,
  NewBookingPart,
  OrderPart,
  OrdersPart,
  PeoplePart,
  ResponsesPart,
  SettingsPart,
  WhyPart,
} from '../features/dashboard/lazyParts';
import { LinkScreen } from '../features/dashboard/LinkScreen';
import { SignInScreen } from '../features/dashboard/SignInScreen';
import { SignOutScreen } from '../features/dashboard/SignOutScreen';
import type { LayoutModule, LayoutProps } from './types';

// The business's dashboard: its people's pages, never a visitor's. A chunk
// of its own, so nothing of it reaches the public pages' bytes; its
// screens beyond the bookings are chunks of their own (lazyParts).
function AdminLayout({ payload, children }: LayoutProps) {
  return <AdminShell payload={payload}>{children}</AdminShell>;
}

const admin: LayoutModule = {
  Layout: AdminLayout,
  screens: {
    adminSignIn: SignInScreen,
    adminLink: LinkScreen,
    adminSignOut: SignOutScreen,
    adminBookings: BookingsScreen,
    adminBooking: BookingScreen,
    adminAccount: AccountPart.Component,
    adminPeople: PeoplePart.Component,
    adminAvailability: AvailabilityPart.Component,
    adminWhy: WhyPart.Component,
    adminCalendar: CalendarPart.Component,
    adminNewBooking: NewBookingPart.Component,
    adminResponses: ResponsesPart.Component,
    adminOrders: OrdersPart.Component,
    adminOrder: OrderPart.Component,
    adminSettings: SettingsPart.Component,
    adminConnections: ConnectionsPart.Component,
  },
};
export default admin;
