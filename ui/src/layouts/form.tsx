import { ScreenSummary } from '../components/ScreenSummary';
import { CancelBookingScreen } from '../features/booking/CancelBookingScreen';
import type { LayoutModule, LayoutProps } from './types';
import { WidgetShell } from './WidgetShell';

function FormLayout({ children }: LayoutProps) {
  return <WidgetShell narrow>{children}</WidgetShell>;
}

const form: LayoutModule = {
  Layout: FormLayout,
  screens: {
    verifyPayment: ScreenSummary,
    cancelBooking: CancelBookingScreen,
    form: ScreenSummary,
    quiz: ScreenSummary,
    quizResult: ScreenSummary,
    survey: ScreenSummary,
  },
};
export default form;
