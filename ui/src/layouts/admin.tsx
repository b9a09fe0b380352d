import { AccountScreen } from '../features/dashboard/AccountScreen';
import { AvailabilityScreen } from '../features/dashboard/AvailabilityScreen';
import { BookingScreen } from '../features/dashboard/BookingScreen';
import { BookingsScreen } from '../features/dashboard/BookingsScreen';
import { CalendarScreen } from '../features/dashboard/CalendarScreen';
import { AdminShell } from '../features/dashboard/AdminShell';
import { LinkScreen } from '../features/dashboard/LinkScreen';
import { NewBookingScreen } from '../features/dashboard/NewBookingScreen';
import { PeopleScreen } from '../features/dashboard/PeopleScreen';
import { ResponsesScreen } from '../features/dashboard/ResponsesScreen';
import { SignInScreen } from '../features/dashboard/SignInScreen';
import { SignOutScreen } from '../features/dashboard/SignOutScreen';
import { WhyScreen } from '../features/dashboard/WhyScreen';
import type { LayoutModule, LayoutProps } from './types';

// The business's dashboard: its people's pages, never a visitor's. A chunk
// of its own, so nothing of it reaches the public pages' bytes.
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
    adminAccount: AccountScreen,
    adminPeople: PeopleScreen,
    adminAvailability: AvailabilityScreen,
    adminWhy: WhyScreen,
    adminCalendar: CalendarScreen,
    adminNewBooking: NewBookingScreen,
    adminResponses: ResponsesScreen,
  },
};
export default admin;
