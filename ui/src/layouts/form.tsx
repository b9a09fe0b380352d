import { ScreenSummary } from '../components/ScreenSummary';
import { CancelBooking } from '../features/booking/lazyParts';
import { FormScreen } from '../features/forms/FormScreen';
import { QuizResultScreen } from '../features/forms/QuizResultScreen';
import type { LayoutModule, LayoutProps } from './types';
import { WidgetShell } from './WidgetShell';

// The payment result's screen is not built yet: its heading and lead.
function PaymentResultScreen() {
  return <ScreenSummary title="screen.verifyPayment.title" lead="screen.verifyPayment.lead" />;
}

function FormLayout({ children }: LayoutProps) {
  return <WidgetShell narrow>{children}</WidgetShell>;
}

const form: LayoutModule = {
  Layout: FormLayout,
  screens: {
    verifyPayment: PaymentResultScreen,
    // A chunk of its own: forms need none of the booking's manage screens.
    cancelBooking: CancelBooking.Component,
    form: FormScreen,
    quiz: FormScreen,
    quizResult: QuizResultScreen,
    survey: FormScreen,
  },
};
export default form;
