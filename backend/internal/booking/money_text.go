package booking

import (
	"time"

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
	amount := func(minor int64) string { return locales.FormatMoney(cat.Lang, m.Currency, minor) }
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
		switch {
		case m.Refunded > 0:
			id, args["refunded"] = "payment.state.partlyRefunded", amount(m.Refunded)
		case m.Paid < m.Total:
			id, args["due"] = "payment.state.deposit", amount(m.Total-m.Paid)
		}
	case MoneyReleased:
		id = "payment.state.released"
	case MoneyRefundDue:
		id, args["amount"] = "payment.state.refundDue", amount(m.RefundNow())
	case MoneyRefunded:
		id, args["amount"] = "payment.state.refunded", amount(m.Refunded)
	}
	return cat.Format(id, args)
}
