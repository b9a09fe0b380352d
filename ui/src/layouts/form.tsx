import { CancelBooking } from '../features/booking/lazyParts';
import { FormScreen } from '../features/forms/FormScreen';
import { QuizResultScreen } from '../features/forms/QuizResultScreen';
import { PaymentResult } from '../features/payments/lazyParts';
import type { LayoutModule, LayoutProps } from './types';
import { WidgetShell } from './WidgetShell';

function FormLayout({ children }: LayoutProps) {
  return <WidgetShell narrow>{children}</WidgetShell>;
}

const form: LayoutModule = {
  Layout: FormLayout,
  screens: {
    // A chunk of its own, with the booking's pieces it shows.
    verifyPayment: PaymentResult.Component,
    // A chunk of its own: forms need none of the booking's manage screens.
    cancelBooking: CancelBooking.Component,
    form: FormScreen,
    quiz: FormScreen,
    quizResult: QuizResultScreen,
    survey: FormScreen,
  },
};
export default form;
