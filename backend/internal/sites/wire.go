package sites

import "time"

// The website's types that cross the wire; ui/src/generated/sites.ts is
// generated from this file (make types).

// Page is one website page.
type Page struct {
	ID          int64     `json:"id"`
	Path        string    `json:"path"`
	Title       string    `json:"title"`
	Description string    `json:"description"`
	Paragraphs  []string  `json:"paragraphs" tstype:"string[] | null"`
	UpdatedAt   time.Time `json:"updatedAt"`
}
