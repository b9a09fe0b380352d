package web

import (
	"slotwise/backend/internal/shop"
)

// ShopData is what the shop's own pages show in the website's frame
// (SiteData.Shop): how the business sells, and the cart, the checkout or
// an order. On a product or a collection it is only Front and the cart's
// address, the same for every visitor, so those pages stay cached.
type ShopData struct {
	Front    shop.Front  `json:"front"`
	Cart     string      `json:"cart"`     // the cart page's address
	Checkout string      `json:"checkout"` // the checkout page's address
	Quote    *shop.Quote `json:"quote,omitempty"`
	Order    *OrderView  `json:"order,omitempty"`
	// Pickup is the business's address, where an order is picked up.
	Pickup []string `json:"pickup,omitempty"`
	// Notice is what the last change did: "added", "removed", "updated".
	Notice string `json:"notice,omitempty"`
}

// OrderView is an order's page: the order and where its payment stands.
type OrderView struct {
	Order *shop.Order `json:"order" tstype:",required"`
	// State: paid, fulfilled, pending, left (came back without paying),
	// expired, cancelled, refunded, soldOut (paid too late, refunded).
	State string `json:"state"`
	// Token opens the order again: the page's "pay now" form sends it.
	Token string `json:"token"`
	// PayAgain: the order still holds its stock and can be paid.
	PayAgain bool `json:"payAgain"`
	// Problem says why the last "pay now" did not open the provider's
	// page: "unavailable", "off".
	Problem string `json:"problem,omitempty"`
}

// CartChangeRequest changes the visitor's cart (POST /api/shop/cart).
type CartChangeRequest struct {
	Product  string `json:"product"`
	Variant  string `json:"variant,omitempty"`
	Quantity int    `json:"quantity"`
	Set      bool   `json:"set,omitempty"` // set the line's quantity (0 removes it) instead of adding
	Locale   string `json:"locale,omitempty"`
}

// ShopCheckoutRequest starts a checkout (POST /api/shop/checkout).
type ShopCheckoutRequest struct {
	Email    string       `json:"email"`
	Name     string       `json:"name"`
	Phone    string       `json:"phone,omitempty"`
	Delivery string       `json:"delivery"`
	Address  shop.Address `json:"address"`
	Locale   string       `json:"locale,omitempty"`
}
