package locales

import (
	"strings"
	"testing"
)

// The same amounts as ui/src/lib/money.test.ts and the browser's Intl.
func TestMoneyIsWrittenInTheCurrencysDecimalsAndTheLanguagesWay(t *testing.T) {
	tests := []struct {
		lang, code string
		minor      int64
		want       string
	}{
		{"en-US", "EUR", 2700, "€27.00"},
		{"de", "EUR", 2700, "27,00 €"},
		{"en-US", "JPY", 5000, "¥5,000"},
		{"de", "JPY", 5000, "5.000 ¥"},
		{"en-US", "KWD", 12345, "KWD 12.345"},
		{"fr", "KWD", 12345, "12,345 KWD"},
		{"en-US", "INR", 150000, "₹1,500.00"},
		{"pt-BR", "BRL", 990, "R$ 9,90"},
		{"en-US", "XYZ", 1234, "XYZ 12.34"},
	}
	for _, tt := range tests {
		got := strings.ReplaceAll(strings.ReplaceAll(FormatMoney(tt.lang, tt.code, tt.minor), "\u00a0", " "), "\u202f", " ")
		if got != tt.want {
			t.Errorf("%s %s %d: %q, want %q", tt.lang, tt.code, tt.minor, got, tt.want)
		}
	}
}

func TestAPriceForSearchEnginesIsAPlainDecimalInTheCurrencysDecimals(t *testing.T) {
	tests := []struct {
		code  string
		minor int64
		want  string
	}{
		{"EUR", 3900, "39.00"},
		{"EUR", 5, "0.05"},
		{"JPY", 5000, "5000"},
		{"KWD", 12345, "12.345"},
		{"XYZ", 1234, "12.34"},
	}
	for _, tt := range tests {
		if got := DecimalAmount(tt.code, tt.minor); got != tt.want {
			t.Errorf("%s %d: %q, want %q", tt.code, tt.minor, got, tt.want)
		}
	}
}

func TestATypedAmountIsReadInTheCurrencysMinorUnits(t *testing.T) {
	tests := []struct {
		code, text string
		want       int64
		ok         bool
	}{
		{"EUR", "12.50", 1250, true},
		{"EUR", "12,50", 1250, true},
		{"EUR", " 7 ", 700, true},
		{"EUR", "0.004", 0, false},
		{"JPY", "5000", 5000, true},
		{"KWD", "1.2345", 1235, true},
		{"EUR", "-3", 0, false},
		{"EUR", "ten", 0, false},
		{"EUR", "", 0, false},
	}
	for _, tt := range tests {
		got, ok := MinorAmount(tt.code, tt.text)
		if got != tt.want || ok != tt.ok {
			t.Errorf("MinorAmount(%s, %q) = %d, %v; want %d, %v", tt.code, tt.text, got, ok, tt.want, tt.ok)
		}
	}
}
