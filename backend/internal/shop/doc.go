// Package shop sells a business's products: a visitor's cart, the
// checkout that holds stock while the business's payment provider takes
// the money, and the orders the business fulfils.
//
// The rules, in order of importance:
//   - The last unit is never sold twice. Stock is held in the transaction
//     that creates the pending order, by one conditional UPDATE of the
//     variants (on_hand - held ≥ quantity), so two buyers racing for one
//     unit meet at its row and one of them is told before paying.
//   - The provider's word decides whether an order is paid (its webhook,
//     or the result page asking it); the payment is recorded under the
//     order's row lock, once, in any order of events.
//   - Our hold timer decides how long stock waits: when it ends, the
//     provider's checkout is closed first and the stock released after.
//     Money that arrives after the release takes the stock again if it is
//     still there, and is otherwise refunded, once, with a mail.
//   - Prices, tax and shipping are computed on the server from the
//     business's current data every time; a cart holds ids and
//     quantities only.
//   - An order's state only moves forward: pending → paid → fulfilled;
//     a pending order whose hold ended is expired (and may still be paid
//     late); a paid one may be cancelled or refunded.
package shop
