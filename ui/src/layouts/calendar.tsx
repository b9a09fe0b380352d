import { BookingScreen } from '../features/booking/BookingScreen';
import { BookingPage, CancelBooking } from '../features/booking/lazyParts';
import type { LayoutModule, LayoutProps } from './types';
import { WidgetShell } from './WidgetShell';

function CalendarLayout({ children }: LayoutProps) {
  return <WidgetShell>{children}</WidgetShell>;
}

const calendar: LayoutModule = {
  Layout: CalendarLayout,
  screens: {
    appointment: BookingScreen,
    appointmentCancel: CancelBooking.Component,
    bookingView: BookingPage.Component,
    bookings: BookingScreen,
    oneTimeLink: BookingScreen,
    serviceMenu: BookingScreen,
  },
};
export default calendar;
