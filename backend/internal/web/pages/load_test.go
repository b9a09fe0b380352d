package pages

import (
	"context"
	"slices"
	"testing"
)

func TestAPageWearsTheSiteItsLoaderReadWithoutAskingAgain(t *testing.T) {
	asked := 0
	e := &Engine{opt: Options{Site: func(context.Context, string) (Site, error) {
		asked++
		return Site{Brand: "#222222", Privacy: "/asked", Tags: []string{"asked"}}, nil
	}}}
	tests := []struct {
		name        string
		site        *Site
		wantPrivacy string
		wantAsked   int
	}{
		{"the loader read the business", &Site{Brand: "#123456", Privacy: "/de/datenschutz", Tags: []string{"booking-config"}}, "/de/datenschutz", 0},
		{"the loader did not", nil, "/asked", 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			asked = 0
			p := &Payload{site: tt.site}
			e.wearSite(context.Background(), p)
			if p.Privacy != tt.wantPrivacy || asked != tt.wantAsked {
				t.Errorf("privacy %q after asking %d times, want %q after %d", p.Privacy, asked, tt.wantPrivacy, tt.wantAsked)
			}
			if p.Head.Brand == "" || len(p.tags) != 1 || (tt.site != nil && !slices.Equal(p.tags, tt.site.Tags)) {
				t.Errorf("brand %q and tags %v: the site's were not worn", p.Head.Brand, p.tags)
			}
		})
	}
}
