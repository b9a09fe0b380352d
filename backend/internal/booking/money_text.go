package booking

import (
	"fmt"
	"math"
	"time"

	"golang.org/x/text/currency"
	"golang.org/x/text/language"
	"golang.org/x/text/message"

	"slotwise/locales"
)

// PaymentNote is one sentence of where b's payment stands, in b's
// language, for its calendar file; "" when it costs nothing. Pages and
// mails say the same in the browser's and V8's formatting
// (ui/src/lib/money.ts); a calendar file is written here.
func PaymentNote(b *Booking) string {
	m := b.Money
	if m.Total == 0 && m.Paid == 0 {
		return ""
	}
	cat := locales.Get(b.Locale)
	amount := func(minor int64) string { return FormatMoney(cat.Lang, m.Currency, minor) }
	id, args := "payment.state.price", map[string]string{"amount": amount(m.Total)}
	switch m.State {
	case MoneyOnSite:
		id = "payment.state.onSite"
	case MoneyHold:
		id, args["amount"] = "payment.state.hold", amount(m.PayNow)
		if m.HoldUntil != nil {
			zone, err := loadZone(b.TimeZone)
			if err != nil {
				zone = time.UTC
			}
			args["time"] = m.HoldUntil.In(zone).Format("15:04")
		}
	case MoneyProcessing:
		id, args["amount"] = "payment.state.processing", amount(m.PayNow)
	case MoneyPaid:
		id, args["amount"] = "payment.state.paid", amount(m.Paid)
		if m.Paid < m.Total {
			id, args["due"] = "payment.state.deposit", amount(m.Total-m.Paid)
		}
	case MoneyReleased:
		id = "payment.state.released"
	case MoneyRefundDue:
		id, args["amount"] = "payment.state.refundDue", amount(m.Paid-m.Refunded)
	case MoneyRefunded:
		id, args["amount"] = "payment.state.refunded", amount(m.Refunded)
	}
	return cat.Format(id, args)
}

// FormatMoney writes an amount in minor units as the language writes
// money ("27,00 €", "€27.00").
func FormatMoney(lang, code string, minor int64) string {
	unit, err := currency.ParseISO(code)
	if err != nil {
		return fmt.Sprintf("%s %.2f", code, float64(minor)/100) // a code ISO does not know: two decimals
	}
	scale, _ := currency.Standard.Rounding(unit)
	value := float64(minor) / math.Pow10(scale)
	return message.NewPrinter(language.Make(lang)).Sprint(currency.Symbol(unit.Amount(value)))
}
