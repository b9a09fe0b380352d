import { lazyPart } from '../../lib/lazyPart';

// The shop's own pages are one chunk the browser fetches when one of them
// is shown: a product or a collection page (the website's first script)
// carries only its "Add to cart". Each screen's texts are a part of their
// own, which comes with the page that shows it (its loader names it).
// lazyParts.server.ts is the server's eager twin.
export const Cart = lazyPart(() => import(/* webpackChunkName: "shop" */ './CartScreen'), (m) => m.CartScreen, 'shop-cart');
export const Checkout = lazyPart(() => import(/* webpackChunkName: "shop" */ './CheckoutScreen'), (m) => m.CheckoutScreen, 'shop-checkout');
export const Order = lazyPart(() => import(/* webpackChunkName: "shop" */ './OrderScreen'), (m) => m.OrderScreen, 'shop-order');
