package sites

import (
	"fmt"
	"regexp"
	"strings"
)

// SectionInput is a section as the business writes it: text in HTML.
type SectionInput struct {
	Type, Text, HTML, Href, Calendar string
	Image                            *Image
}

var calendarSlug = regexp.MustCompile(`^[a-z0-9][a-z0-9-]{0,99}$`)

// maxSections bounds a page: more is a mistake, not a page.
const maxSections = 100

// CheckSections is checkSections for the site's files and the admin API.
func CheckSections(in []SectionInput) ([]Section, error) { return checkSections(in) }

// checkSections turns what the business wrote into sections a page can
// show safely: rich text sanitised, links and pictures only where a reader
// can safely go, a widget only of a well-formed calendar slug.
func checkSections(in []SectionInput) ([]Section, error) {
	if len(in) > maxSections {
		return nil, fmt.Errorf("sites: %d sections, at most %d", len(in), maxSections)
	}
	out := make([]Section, 0, len(in))
	for i, s := range in {
		sec := Section{Type: s.Type}
		switch s.Type {
		case "heading":
			sec.Text = strings.TrimSpace(cleanText(s.Text))
			if sec.Text == "" {
				return nil, fmt.Errorf("sites: section %d: a heading needs text", i+1)
			}
		case "text":
			body, err := SanitizeHTML(s.HTML)
			if err != nil {
				return nil, fmt.Errorf("sites: section %d: %w", i+1, err)
			}
			sec.Body = body
		case "image":
			if s.Image == nil || s.Image.Width <= 0 || s.Image.Height <= 0 || safeHref(s.Image.Src) == "" || strings.HasPrefix(s.Image.Src, "mailto:") {
				return nil, fmt.Errorf("sites: section %d: a picture needs a safe source and its size", i+1)
			}
			img := *s.Image
			img.Alt = cleanText(img.Alt)
			for _, v := range img.Variants {
				if v.Width <= 0 || safeHref(v.Src) == "" || strings.HasPrefix(v.Src, "mailto:") {
					return nil, fmt.Errorf("sites: section %d: a picture's width %q is not safe", i+1, v.Src)
				}
			}
			sec.Image = &img
		case "button":
			sec.Text, sec.Href = strings.TrimSpace(cleanText(s.Text)), safeHref(s.Href)
			if sec.Text == "" || sec.Href == "" {
				return nil, fmt.Errorf("sites: section %d: a button needs a label and a safe link", i+1)
			}
		case "booking":
			if !calendarSlug.MatchString(s.Calendar) {
				return nil, fmt.Errorf("sites: section %d: %q is not a calendar", i+1, s.Calendar)
			}
			sec.Calendar = s.Calendar
		default:
			return nil, fmt.Errorf("sites: section %d: unknown type %q", i+1, s.Type)
		}
		out = append(out, sec)
	}
	return out, nil
}
