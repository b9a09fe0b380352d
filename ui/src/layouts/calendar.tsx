import { ScreenSummary } from '../components/ScreenSummary';
import type { LayoutModule, LayoutProps } from './types';
import { WidgetShell } from './WidgetShell';

function CalendarLayout({ children }: LayoutProps) {
  return <WidgetShell>{children}</WidgetShell>;
}

const calendar: LayoutModule = {
  Layout: CalendarLayout,
  screens: {
    appointment: ScreenSummary,
    appointmentCancel: ScreenSummary,
    bookingView: ScreenSummary,
    bookings: ScreenSummary,
    oneTimeLink: ScreenSummary,
    serviceMenu: ScreenSummary,
  },
};
export default calendar;
