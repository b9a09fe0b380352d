import { lazyPart } from '../../lib/lazyPart';

// The payment result page is a chunk of its own: the form layout's other
// screens (forms, quizzes, surveys) need none of it. lazyParts.server.ts
// is the server's eager twin.
export const PaymentResult = lazyPart(() => import(/* webpackChunkName: "payment-result" */ './PaymentResultScreen'), (m) => m.PaymentResultScreen, 'payment-result');
