package locales

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/bojanz/currency"
)

// FormatMoney writes an amount in the currency's minor unit as the
// language writes money, from CLDR's patterns as the browser's Intl does
// (ui/src/lib/money.ts): "€27.00" in English, "27,00 €" in German,
// "¥5,000", "KWD 12.345". A code CLDR does not know is written as the code
// and the number with two decimals.
func FormatMoney(lang, code string, minor int64) string {
	amount, err := currency.NewAmountFromInt64(minor, code)
	if err != nil {
		return fmt.Sprintf("%s %s", code, twoDecimals(minor))
	}
	return currency.NewFormatter(currency.NewLocale(lang)).Format(amount)
}

// DecimalAmount is an amount in the minor unit as a plain decimal number in
// the currency's own decimals, as schema.org's price wants it: "27.00",
// "5000" (JPY), "12.345" (KWD).
func DecimalAmount(code string, minor int64) string {
	amount, err := currency.NewAmountFromInt64(minor, code)
	if err != nil {
		return twoDecimals(minor)
	}
	return amount.Number()
}

func twoDecimals(minor int64) string {
	sign := ""
	if minor < 0 {
		sign, minor = "-", -minor
	}
	return fmt.Sprintf("%s%s.%02d", sign, strconv.FormatInt(minor/100, 10), minor%100)
}

// MinorAmount reads an amount typed in the currency's major unit ("12.50",
// "12,50", "5000" for JPY) as minor units, rounded to the currency's own
// decimals; ok is false for what is no positive amount.
func MinorAmount(code, text string) (minor int64, ok bool) {
	text = strings.TrimSpace(text)
	if !strings.Contains(text, ".") {
		text = strings.Replace(text, ",", ".", 1)
	}
	amount, err := currency.NewAmount(text, code)
	if err != nil {
		return 0, false
	}
	minor, err = amount.Round().Int64()
	if err != nil || minor <= 0 {
		return 0, false
	}
	return minor, true
}
