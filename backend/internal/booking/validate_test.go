package booking

import "testing"

func TestAPlaceIsJudgedAlikeWhetherNamedOrChosenByPosition(t *testing.T) {
	studio := LocationOption{Kind: "address", Value: "Lindenstraße 12, 10969 Berlin"}
	video := LocationOption{Kind: "video", Value: "https://meet.example.com/studio"}
	own := LocationOption{Kind: "booker"}
	twoPlaces := &Calendar{LocationOptions: []LocationOption{studio, video}, Fields: Fields{Location: FieldRequired}}
	placeOrOwn := &Calendar{LocationOptions: []LocationOption{studio, own}, Fields: Fields{Location: FieldOptional}}
	onePlace := &Calendar{LocationOptions: []LocationOption{studio}, Fields: Fields{Location: FieldOptional}}
	tests := []struct {
		name          string
		cal           *Calendar
		typed, choice string
		want          string // the place kept
		refused       bool
	}{
		{"a place named by its value", twoPlaces, video.Value, "", video.Value, false},
		{"a place chosen by its position", twoPlaces, "", "1", video.Value, false},
		{"a position wins over what was typed", twoPlaces, "Elsewhere 1", "0", studio.Value, false},
		{"a place that is not the calendar's", twoPlaces, "Elsewhere 1", "", "", true},
		{"neither named nor chosen", twoPlaces, "", "", "", true},
		{"a position the calendar has not", twoPlaces, studio.Value, "2", "", true},
		{"a position that is no number", twoPlaces, studio.Value, "first", "", true},
		{"the booker's own place, typed", placeOrOwn, "Am Hang 3, Potsdam", "1", "Am Hang 3, Potsdam", false},
		{"the booker's own place, typed without choosing", placeOrOwn, "Am Hang 3, Potsdam", "", "Am Hang 3, Potsdam", false},
		{"a fixed place chosen beside one's own", placeOrOwn, "Am Hang 3, Potsdam", "0", studio.Value, false},
		{"the one place, whatever was typed", onePlace, "Elsewhere 1", "", studio.Value, false},
		{"the one place, chosen", onePlace, "", "0", studio.Value, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := Contact{Location: tt.typed}
			errs := map[string]string{}
			validateLocation(&c, tt.choice, tt.cal, errs)
			if refused := errs["contact.location"] != ""; refused != tt.refused {
				t.Fatalf("refused %v (%v), want %v", refused, errs, tt.refused)
			}
			if !tt.refused && c.Location != tt.want {
				t.Errorf("place %q, want %q", c.Location, tt.want)
			}
		})
	}
}
