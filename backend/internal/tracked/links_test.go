package tracked

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"unicode"

	"slotwise/backend/internal/srctest"
)

// markdownLink is a link in Markdown ([text](target)) or an image in HTML
// (src="target").
var markdownLink = regexp.MustCompile(`\]\(([^)\s]+)\)|src="([^"]+)"`)

var heading = regexp.MustCompile(`(?m)^#{1,6} (.+)$`)

// anchor is the id GitHub gives a heading: lower case, punctuation and
// symbols dropped, spaces as hyphens.
func anchor(title string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(strings.TrimSpace(title)) {
		switch {
		case r == ' ':
			b.WriteRune('-')
		case r == '-' || r == '_' || unicode.IsLetter(r) || unicode.IsDigit(r):
			b.WriteRune(r)
		}
	}
	return b.String()
}

func TestAnchorsAreGitHubs(t *testing.T) {
	for title, want := range map[string]string{
		"Booking": "booking",
		"Payments: the provider's word, our timer": "payments-the-providers-word-our-timer",
		"Forms, quizzes and surveys":               "forms-quizzes-and-surveys",
		"…a page route":                            "a-page-route",
	} {
		if got := anchor(title); got != want {
			t.Errorf("anchor(%q) = %q, want %q", title, got, want)
		}
	}
}

// The README and docs/ link to files and headings of the repository: each
// must be there, so a moved file or a renamed heading fails here and not
// in a reader's hands.
func TestDocsLinkToWhatIsThere(t *testing.T) {
	root := srctest.Root(t)
	pages, _ := filepath.Glob(filepath.Join(root, "docs", "*.md"))
	pages = append(pages, filepath.Join(root, "README.md"))
	links := 0
	for _, page := range pages {
		src, err := os.ReadFile(page)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range markdownLink.FindAllStringSubmatch(string(src), -1) {
			target := m[1] + m[2]
			if strings.Contains(target, "://") || strings.HasPrefix(target, "mailto:") || strings.HasPrefix(target, "/") {
				continue // another site, or a page of the product's (an example)
			}
			links++
			file, frag, _ := strings.Cut(target, "#")
			dest := page
			if file != "" {
				dest = filepath.Join(filepath.Dir(page), file)
			}
			body, err := os.ReadFile(dest)
			if err != nil {
				t.Errorf("%s links to %s: not there", rel(root, page), target)
				continue
			}
			if frag == "" {
				continue
			}
			found := false
			for _, h := range heading.FindAllStringSubmatch(string(body), -1) {
				found = found || anchor(strings.Trim(h[1], "`")) == frag
			}
			if !found {
				t.Errorf("%s links to %s: %s has no such heading", rel(root, page), target, rel(root, dest))
			}
		}
	}
	if links < 5 {
		t.Fatalf("found %d links; is the README there?", links)
	}
}

func rel(root, path string) string {
	r, _ := filepath.Rel(root, path)
	return r
}
