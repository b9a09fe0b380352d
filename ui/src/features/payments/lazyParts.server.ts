import { eagerPart } from '../../lib/lazyPart';
import { PaymentResultScreen } from './PaymentResultScreen';

// The server's twin of lazyParts.ts: the same part, imported eagerly.
export const PaymentResult = eagerPart(PaymentResultScreen);
