package shop

// Line is one product variant in a cart or an order, priced.
type Line struct {
	Product     string `json:"product"`
	Variant     string `json:"variant"`
	Name        string `json:"name"`
	VariantName string `json:"variantName,omitempty"`
	Image       string `json:"image,omitempty"`
	UnitCents   int64  `json:"unitCents"`
	Quantity    int    `json:"quantity"`
	AmountCents int64  `json:"amountCents"` // unit × quantity, as prices are shown (with tax when inclusive)
	TaxBP       int    `json:"-"`           // the line's rate, in hundredths of a percent
	// Available is how many a buyer can still have; -1: as many as they
	// like (stock not tracked, or sold when out).
	Available int `json:"available"`
	// Problem says why the line cannot be bought as it is ("" when it
	// can): ProblemGone, ProblemSoldOut, ProblemTooMany.
	Problem string `json:"problem,omitempty"`

	currency string // the product's
	sold     bool   // published, available, and the variant exists
}

// Line problems.
const (
	ProblemGone    = "gone"     // no longer sold (unpublished, removed, another currency)
	ProblemSoldOut = "sold-out" // none left
	ProblemTooMany = "too-many" // fewer left than asked for: Available says how many
)

// Quote is what a cart costs as it stands, recomputed from the business's
// current prices, tax and shipping every time it is shown or bought.
type Quote struct {
	Currency      string `json:"currency"`
	Lines         []Line `json:"lines"`
	SubtotalCents int64  `json:"subtotalCents"` // the lines, as shown
	ShippingCents int64  `json:"shippingCents"`
	TaxCents      int64  `json:"taxCents"` // included in the total, or added to it
	TotalCents    int64  `json:"totalCents"`
	TaxInclusive  bool   `json:"taxInclusive"`
	TaxName       string `json:"taxName,omitempty"`
	TaxBP         int    `json:"taxBasisPoints"`
	Delivery      string `json:"delivery,omitempty"`
	ShippingName  string `json:"shippingName,omitempty"`
	// FreeShippingOverCents is where shipping becomes free for the
	// chosen country (0: it does not), so the cart can say how far off.
	FreeShippingOverCents int64 `json:"freeShippingOverCents,omitempty"`
	Count                 int   `json:"count"` // units in the cart
}

// Buyable tells whether every line can be bought as it is.
func (q *Quote) Buyable() bool {
	if len(q.Lines) == 0 {
		return false
	}
	for _, l := range q.Lines {
		if l.Problem != "" {
			return false
		}
	}
	return true
}

// taxOf is the tax in amount at rate bp: the part of it when prices hold
// the tax, what is added on top otherwise; rounded half up, per line.
func taxOf(amount int64, bp int, inclusive bool) int64 {
	if bp <= 0 || amount <= 0 {
		return 0
	}
	if inclusive {
		return (amount*int64(bp)*2 + (10000 + int64(bp))) / ((10000 + int64(bp)) * 2)
	}
	return (amount*int64(bp)*2 + 10000) / 20000
}

// price totals lines under the shop's settings for a delivery (to
// country when shipped). Lines with a problem are shown but not counted.
func price(s Settings, currency string, lines []Line, delivery, country string) Quote {
	q := Quote{Currency: currency, Lines: lines, TaxInclusive: s.Tax.Inclusive, TaxName: s.Tax.Name, TaxBP: s.Tax.BasisPoints, Delivery: delivery}
	if q.Lines == nil {
		q.Lines = []Line{}
	}
	for i := range q.Lines {
		l := &q.Lines[i]
		l.AmountCents = l.UnitCents * int64(l.Quantity)
		if l.Problem != "" {
			continue
		}
		q.Count += l.Quantity
		q.SubtotalCents += l.AmountCents
		q.TaxCents += taxOf(l.AmountCents, l.TaxBP, s.Tax.Inclusive)
	}
	if delivery == DeliveryShip && q.Count > 0 { // nothing to ship, nothing to pay for it
		if r, ok := s.ShipsTo(country); ok {
			q.ShippingName, q.FreeShippingOverCents = r.Name, r.FreeOverCents
			if r.FreeOverCents <= 0 || q.SubtotalCents < r.FreeOverCents {
				q.ShippingCents = r.Cents
			}
		}
		q.TaxCents += taxOf(q.ShippingCents, s.Tax.BasisPoints, s.Tax.Inclusive)
	}
	q.TotalCents = q.SubtotalCents + q.ShippingCents
	if !s.Tax.Inclusive {
		q.TotalCents += q.TaxCents
	}
	return q
}
