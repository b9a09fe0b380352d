package sites

import (
	"bytes"
	"context"
	"crypto/sha256"
	"fmt"
	"image"
	"image/jpeg"
	"image/png"
	"path"
	"strconv"
	"strings"
	"sync"

	"golang.org/x/image/draw"
)

// Pictures are stored at the size they came in and at smaller widths, so a
// phone downloads a picture near the size it draws (the page lists them in
// srcset and says in sizes how wide it draws).

// variantWidths are the smaller widths a raster picture is also kept at.
var variantWidths = []int{480, 960, 1440}

// Limits on a picture's size before it is decoded: a small file can claim
// an enormous canvas.
const (
	MaxPictureSide   = 8000
	MaxPicturePixels = 40_000_000
)

// SavePicture stores a picture under name (its extension says the format:
// .svg, .png, .jpg) with its smaller variants, and returns it as pages draw
// it: its size, and each width it is kept at.
func (s *Store) SavePicture(ctx context.Context, name string, data []byte) (Image, error) {
	ext := strings.ToLower(path.Ext(name))
	if ext == ".svg" {
		return Image{}, fmt.Errorf("sites: %s: an SVG has no size to read; save it with SaveMedia", name)
	}
	if ext != ".png" && ext != ".jpg" && ext != ".jpeg" {
		return Image{}, fmt.Errorf("sites: %s: only PNG and JPEG pictures are resized", name)
	}
	cfg, format, err := image.DecodeConfig(bytes.NewReader(data))
	if err != nil {
		return Image{}, fmt.Errorf("sites: %s is not a picture: %w", name, err)
	}
	if (format == "png") != (ext == ".png") {
		return Image{}, fmt.Errorf("sites: %s is a %s picture", name, format)
	}
	if cfg.Width <= 0 || cfg.Height <= 0 || cfg.Width > MaxPictureSide || cfg.Height > MaxPictureSide || cfg.Width*cfg.Height > MaxPicturePixels {
		return Image{}, fmt.Errorf("sites: %s is %d×%d: at most %d a side and %d pixels", name, cfg.Width, cfg.Height, MaxPictureSide, MaxPicturePixels)
	}
	contentType := "image/jpeg"
	if format == "png" {
		contentType = "image/png"
	}
	if err := s.SaveMedia(ctx, name, contentType, data); err != nil {
		return Image{}, err
	}
	img := Image{Src: "/media/" + name, Width: cfg.Width, Height: cfg.Height}
	scaled, err := variantsOf(name, format, data, cfg)
	if err != nil {
		return Image{}, err
	}
	base := strings.TrimSuffix(name, path.Ext(name))
	for _, v := range scaled {
		variant := base + "-" + strconv.Itoa(v.width) + "w" + path.Ext(name)
		if err := s.SaveMedia(ctx, variant, contentType, v.data); err != nil {
			return Image{}, err
		}
		img.Variants = append(img.Variants, Variant{Src: "/media/" + variant, Width: v.width})
	}
	img.Variants = append(img.Variants, Variant{Src: img.Src, Width: cfg.Width})
	return img, nil
}

// VariantOf tells whether name is one of the smaller widths SavePicture
// keeps beside a picture, and names that picture.
func VariantOf(name string) (string, bool) {
	ext := path.Ext(name)
	stem := strings.TrimSuffix(name, ext)
	for _, w := range variantWidths {
		if base, ok := strings.CutSuffix(stem, "-"+strconv.Itoa(w)+"w"); ok && base != "" {
			return base + ext, true
		}
	}
	return "", false
}

// WithVariants gives a picture of this site's media (/media/name, PNG or
// JPEG) the widths SavePicture keeps it at, as its Variants; any other
// picture is drawn as it is.
func WithVariants(img Image) Image {
	name, ok := strings.CutPrefix(img.Src, "/media/")
	ext := strings.ToLower(path.Ext(name))
	img.Variants = nil
	if !ok || (ext != ".png" && ext != ".jpg" && ext != ".jpeg") || img.Width <= 0 {
		return img
	}
	base := strings.TrimSuffix(name, path.Ext(name))
	for _, w := range variantWidths {
		if w >= img.Width {
			break
		}
		img.Variants = append(img.Variants, Variant{Src: "/media/" + base + "-" + strconv.Itoa(w) + "w" + path.Ext(name), Width: w})
	}
	img.Variants = append(img.Variants, Variant{Src: img.Src, Width: img.Width})
	return img
}

type scaledPicture struct {
	width int
	data  []byte
}

// scaledMemo keeps the variants of the last few pictures: scaling is the
// slow part, and the same picture is often saved again (a seed run twice,
// an edit that keeps the cover).
var scaledMemo = struct {
	sync.Mutex
	m map[[32]byte][]scaledPicture
}{m: map[[32]byte][]scaledPicture{}}

// variantsOf scales a picture down to each of variantWidths below its own.
func variantsOf(name, format string, data []byte, cfg image.Config) ([]scaledPicture, error) {
	key := sha256.Sum256(data)
	scaledMemo.Lock()
	hit, ok := scaledMemo.m[key]
	scaledMemo.Unlock()
	if ok {
		return hit, nil
	}
	src, _, err := image.Decode(bytes.NewReader(data))
	if err != nil {
		return nil, fmt.Errorf("sites: %s does not decode: %w", name, err)
	}
	var out []scaledPicture
	for _, w := range variantWidths {
		if w >= cfg.Width {
			break
		}
		h := max(1, cfg.Height*w/cfg.Width)
		dst := image.NewRGBA(image.Rect(0, 0, w, h))
		draw.CatmullRom.Scale(dst, dst.Bounds(), src, src.Bounds(), draw.Over, nil)
		var buf bytes.Buffer
		if format == "png" {
			err = png.Encode(&buf, dst)
		} else {
			err = jpeg.Encode(&buf, dst, &jpeg.Options{Quality: 82})
		}
		if err != nil {
			return nil, fmt.Errorf("sites: unable to encode %s at %d px: %w", name, w, err)
		}
		out = append(out, scaledPicture{width: w, data: buf.Bytes()})
	}
	scaledMemo.Lock()
	if len(scaledMemo.m) >= 8 {
		clear(scaledMemo.m)
	}
	scaledMemo.m[key] = out
	scaledMemo.Unlock()
	return out, nil
}
