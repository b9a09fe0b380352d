package locales

import "testing"

func TestNegotiatePicksTheBestLanguageWeServe(t *testing.T) {
	tests := []struct{ header, want string }{
		{"", Fallback},
		{"de", "de"},
		{"fr;q=0.3, de;q=0.9", "de"},
		{"de;q=0.2, fr", "fr"},
		{"pt-BR", "pt-br"},
		{"pt-br;q=0.8, pt;q=0.9", "pt"},
		{"pt-PT", "pt"},
		{"pt", "pt"},
		{"de-AT", "de"},
		{"en-GB", Fallback}, // every English is the unprefixed, canonical English
		{"en-US", Fallback},
		{"xx, tlh", Fallback},
		{"xx, nl;q=0.1", "nl"},
		{"*", Fallback},
		{"*, da;q=0.5", Fallback}, // any language is preferred to Danish
		{"da;q=0.5, *", Fallback},
		{"enm, de;q=0.5", "de"}, // Middle English is not English
		{"de;q=0, fr;q=0.1", "fr"},
		{"de;q=nonsense, it;q=0.5", "it"},
		{"  ES ;q=0.7 ", "es"},
	}
	for _, tt := range tests {
		if got := Negotiate(tt.header); got != tt.want {
			t.Errorf("Negotiate(%q) = %q, want %q", tt.header, got, tt.want)
		}
	}
}

func TestPathPrefixIsTheOnlyLanguagePrefix(t *testing.T) {
	tests := []struct{ locale, want string }{
		{Fallback, ""}, {"", ""}, {"xx", ""}, {"de", "/de"}, {"pt-br", "/pt-br"}, {"PT-BR", "/pt-br"}, {"en", "/en"},
	}
	for _, tt := range tests {
		if got := PathPrefix(tt.locale); got != tt.want {
			t.Errorf("PathPrefix(%q) = %q, want %q", tt.locale, got, tt.want)
		}
	}
}
