import { eagerPart } from '../../lib/lazyPart';
import { CartScreen } from './CartScreen';
import { CheckoutScreen } from './CheckoutScreen';
import { OrderScreen } from './OrderScreen';

// The server's twin of lazyParts.ts: the same parts, imported eagerly.
export const Cart = eagerPart(CartScreen);
export const Checkout = eagerPart(CheckoutScreen);
export const Order = eagerPart(OrderScreen);
