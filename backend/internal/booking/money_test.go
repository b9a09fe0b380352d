package booking

import (
	"testing"
	"time"
)

func TestQuoteIsWholeMinorUnitsByTheCalendarsRule(t *testing.T) {
	tests := []struct {
		name          string
		cal           Calendar
		seats         int
		total, payNow int64
	}{
		{"free", Calendar{Payment: PaymentOnline}, 1, 0, 0},
		{"paid in full online", Calendar{PriceCents: 4500, Payment: PaymentOnline}, 1, 4500, 4500},
		{"a percentage rounds half up", Calendar{PriceCents: 999, Payment: PaymentOnline, DepositKind: "percent", DepositValue: 30}, 1, 999, 300},
		{"a fixed deposit never above the total", Calendar{PriceCents: 1000, Payment: PaymentOnline, DepositKind: "fixed", DepositValue: 5000}, 1, 1000, 1000},
		{"per person", Calendar{PriceCents: 1800, PricePerPerson: true, Payment: PaymentOnline}, 3, 5400, 5400},
		{"per person, a percentage of the whole", Calendar{PriceCents: 1800, PricePerPerson: true, Payment: PaymentOnline, DepositKind: "percent", DepositValue: 50}, 3, 5400, 2700},
		{"paid on site: nothing now", Calendar{PriceCents: 3900, Payment: PaymentOnSite}, 1, 3900, 0},
		{"a price shown, paid outside", Calendar{PriceCents: 3900, Payment: PaymentNone}, 2, 3900, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			total, now := Quote(&tt.cal, tt.seats)
			if total != tt.total || now != tt.payNow {
				t.Fatalf("Quote = %d, %d; want %d, %d", total, now, tt.total, tt.payNow)
			}
		})
	}
}

func TestPaymentNoteSaysWhereThePaymentStandsInTheBookersLanguage(t *testing.T) {
	until := time.Date(2026, 11, 20, 10, 10, 0, 0, time.UTC)
	cal := &Calendar{Location: &Location{Currency: "EUR"}}
	tests := []struct {
		name, locale string
		money        Money
		want         string
	}{
		{"a deposit", "en-US", Money{State: MoneyPaid, Currency: "EUR", Total: 9000, PayNow: 2700, Paid: 2700}, "Deposit of €27.00 paid; €63.00 due at the appointment"},
		{"held", "en-US", Money{State: MoneyHold, Currency: "EUR", Total: 9000, PayNow: 2700, HoldUntil: &until}, "Not paid yet: €27.00 is due, and the time is held until 11:10"},
		{"refunded", "en-US", Money{State: MoneyRefunded, Currency: "EUR", Total: 9000, Paid: 2700, Refunded: 2700}, "€27.00 refunded"},
		{"in German", "de", Money{State: MoneyRefunded, Currency: "EUR", Total: 9000, Paid: 2700, Refunded: 2700}, "27,00\u00a0€ erstattet"},
		{"yen have no cents", "en-US", Money{State: MoneyOnSite, Currency: "JPY", Total: 5000}, "¥5,000, to pay at the appointment"},
		{"dinars have mils", "en-US", Money{State: MoneyOnSite, Currency: "KWD", Total: 12345}, "KWD\u00a012.345, to pay at the appointment"},
		{"a part refunded", "en-US", Money{State: MoneyPaid, Currency: "EUR", Total: 9000, Paid: 2700, Refunded: 1000}, "€27.00 paid, €10.00 of it refunded"},
		{"a part being refunded", "en-US", Money{State: MoneyRefundDue, Currency: "EUR", Total: 9000, Paid: 2700, RefundDue: 1000}, "Your payment of €10.00 is being refunded"},
		{"free", "en-US", Money{}, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b := &Booking{Locale: tt.locale, TimeZone: "Europe/Berlin", Money: tt.money, Calendar: cal}
			if got := PaymentNote(b); got != tt.want {
				t.Fatalf("PaymentNote = %q, want %q", got, tt.want)
			}
		})
	}
}
