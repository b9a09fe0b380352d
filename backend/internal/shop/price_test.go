package shop

import "testing"

func TestPriceTotalsLinesTaxAndShipping(t *testing.T) {
	europe := Settings{
		Tax:      Tax{Name: "VAT", BasisPoints: 1900, Inclusive: true},
		Shipping: []Shipping{{Name: "Germany", Countries: []string{"DE"}, Cents: 490, FreeOverCents: 5000}, {Name: "EU", Countries: []string{"AT", "FR"}, Cents: 1290}},
		Pickup:   Pickup{Enabled: true, ReadyInHours: 2},
	}
	america := Settings{Tax: Tax{Name: "Sales tax", BasisPoints: 825}, Shipping: []Shipping{{Name: "US", Countries: []string{"US"}, Cents: 800}}}
	cream := Line{Product: "cream", Variant: "default", UnitCents: 3400, Quantity: 1, TaxBP: 1900}
	voucher := Line{Product: "voucher", Variant: "default", UnitCents: 5500, Quantity: 1, TaxBP: 0}
	tests := []struct {
		name              string
		s                 Settings
		lines             []Line
		delivery, country string
		subtotal, ship    int64
		tax, total        int64
		count             int
	}{
		{"inclusive tax is the part of the price, shipping to Germany below free", europe, []Line{cream}, DeliveryShip, "DE", 3400, 490, 543 + 78, 3890, 1},
		{"free shipping from its amount on", europe, []Line{with(cream, 2)}, DeliveryShip, "de", 6800, 0, 1086, 6800, 2},
		{"a country of another group pays its rate", europe, []Line{cream}, DeliveryShip, "FR", 3400, 1290, 543 + 206, 4690, 1},
		{"pick-up pays no shipping", europe, []Line{cream, voucher}, DeliveryPickup, "", 8900, 0, 543, 8900, 2},
		{"a product's own rate (a voucher's 0 %)", europe, []Line{voucher}, DeliveryPickup, "", 5500, 0, 0, 5500, 1},
		{"exclusive tax is added on top, shipping taxed too", america, []Line{rated(with(cream, 3), 825)}, DeliveryShip, "US", 10200, 800, 842 + 66, 11908, 3},
		{"a line with a problem is shown and not counted", europe, []Line{cream, {Product: "x", UnitCents: 100, Quantity: 2, Problem: ProblemSoldOut}}, DeliveryPickup, "", 3400, 0, 543, 3400, 1},
		{"an empty cart ships nothing", europe, nil, DeliveryShip, "DE", 0, 0, 0, 0, 0},
		{"no tax set", Settings{}, []Line{rated(with(cream, 2), 0)}, DeliveryPickup, "", 6800, 0, 0, 6800, 2},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			q := price(tc.s, "EUR", tc.lines, tc.delivery, tc.country)
			if q.SubtotalCents != tc.subtotal || q.ShippingCents != tc.ship || q.TaxCents != tc.tax || q.TotalCents != tc.total || q.Count != tc.count {
				t.Errorf("subtotal %d shipping %d tax %d total %d count %d; want %d %d %d %d %d",
					q.SubtotalCents, q.ShippingCents, q.TaxCents, q.TotalCents, q.Count, tc.subtotal, tc.ship, tc.tax, tc.total, tc.count)
			}
		})
	}
}

func with(l Line, n int) Line   { l.Quantity = n; return l }
func rated(l Line, bp int) Line { l.TaxBP = bp; return l }

func TestTaxRoundsHalfUpPerAmount(t *testing.T) {
	tests := []struct {
		amount    int64
		bp        int
		inclusive bool
		want      int64
	}{
		{119, 1900, true, 19},   // 119 holds exactly 19
		{100, 1900, true, 16},   // 15.97 → 16
		{100, 700, false, 7},    // 7
		{150, 1000, false, 15},  // 15
		{5, 1000, false, 1},     // 0.5 → 1
		{4, 1000, false, 0},     // 0.4 → 0
		{3400, 1900, true, 543}, // 542.86 → 543
		{0, 1900, true, 0},
		{1000, 0, true, 0},
	}
	for _, tc := range tests {
		if got := taxOf(tc.amount, tc.bp, tc.inclusive); got != tc.want {
			t.Errorf("taxOf(%d, %d, %v) = %d; want %d", tc.amount, tc.bp, tc.inclusive, got, tc.want)
		}
	}
}
