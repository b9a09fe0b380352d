package web_test

import (
	"bytes"
	"context"
	"image"
	"image/color"
	"image/png"
	"net/http"
	"strings"
	"testing"

	"slotwise/backend/internal/sites"
)

func pngOf(t *testing.T, w, h int) []byte {
	t.Helper()
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	for x := 0; x < w; x += 7 {
		img.Set(x, h/2, color.RGBA{R: 200, A: 255})
	}
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// A picture is kept at the widths pages offer in srcset, each served at its
// own size; what is not a picture of a sane size is refused.
func TestPicturesAreKeptAtTheWidthsPagesOffer(t *testing.T) {
	f := newFixture(t, sharedRenderer(t))
	store := sites.NewStore(f.pool)
	img, err := store.SavePicture(context.Background(), "wide.png", pngOf(t, 2000, 1000))
	if err != nil {
		t.Fatal(err)
	}
	if img.Width != 2000 || img.Height != 1000 || len(img.Variants) != 4 {
		t.Fatalf("%+v", img)
	}
	for _, v := range img.Variants {
		rec := f.do(http.MethodGet, v.Src, nil)
		cfg, err := png.DecodeConfig(bytes.NewReader(rec.Body.Bytes()))
		if rec.Code != 200 || err != nil || cfg.Width != v.Width || cfg.Height != v.Width/2 {
			t.Errorf("%s: %d %v %dx%d, want %dx%d", v.Src, rec.Code, err, cfg.Width, cfg.Height, v.Width, v.Width/2)
		}
	}
	for name, data := range map[string][]byte{
		"huge.png":    pngOf(t, 8001, 1),
		"text.png":    []byte("not a picture"),
		"wrong.jpg":   pngOf(t, 10, 10),
		"drawing.svg": []byte(`<svg xmlns="http://www.w3.org/2000/svg"/>`),
		"script.html": []byte("<script>alert(1)</script>"),
	} {
		if _, err := store.SavePicture(context.Background(), name, data); err == nil {
			t.Errorf("%s accepted", name)
		}
	}
	// The demo's cover is offered at each width it is kept at.
	body := f.do(http.MethodGet, "/blog/b/winter-skin/", nil).Body.String()
	for _, w := range []string{`srcSet="/media/winter-cover-480w.jpg 480w, /media/winter-cover-960w.jpg 960w, /media/winter-cover-1440w.jpg 1440w, /media/winter-cover.jpg 1600w"`, `width="1600" height="900"`, `fetchPriority="high"`} {
		if !strings.Contains(strings.ReplaceAll(body, "srcset=", "srcSet="), w) {
			t.Errorf("the post lacks %s", w)
		}
	}
}
