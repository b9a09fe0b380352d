import { BookingScreen } from '../features/booking/BookingScreen';
import { BookingViewScreen } from '../features/booking/BookingViewScreen';
import { CancelBookingScreen } from '../features/booking/CancelBookingScreen';
import type { LayoutModule, LayoutProps } from './types';
import { WidgetShell } from './WidgetShell';

function CalendarLayout({ children }: LayoutProps) {
  return <WidgetShell>{children}</WidgetShell>;
}

const calendar: LayoutModule = {
  Layout: CalendarLayout,
  screens: {
    appointment: BookingScreen,
    appointmentCancel: CancelBookingScreen,
    bookingView: BookingViewScreen,
    bookings: BookingScreen,
    oneTimeLink: BookingScreen,
    serviceMenu: BookingScreen,
  },
};
export default calendar;
