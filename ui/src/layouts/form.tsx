import { ScreenSummary } from '../components/ScreenSummary';
import type { LayoutModule, LayoutProps } from './types';
import { WidgetShell } from './WidgetShell';

function FormLayout({ children }: LayoutProps) {
  return <WidgetShell narrow>{children}</WidgetShell>;
}

const form: LayoutModule = {
  Layout: FormLayout,
  screens: {
    verifyPayment: ScreenSummary,
    cancelBooking: ScreenSummary,
    form: ScreenSummary,
    quiz: ScreenSummary,
    quizResult: ScreenSummary,
    survey: ScreenSummary,
  },
};
export default form;
