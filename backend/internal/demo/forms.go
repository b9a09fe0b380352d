package demo

import (
	"context"
	"embed"
	"encoding/json"
	"fmt"
	"path"
	"strings"

	"slotwise/backend/internal/db"
	"slotwise/backend/internal/forms"
)

// The demo's contact form, quiz and survey, and the consultation's own
// questions: one JSON file each (a kind and a definition of the form
// engine; a booking form names its calendar).
//
//go:embed forms/*.json
var formFiles embed.FS

func seedForms(ctx context.Context, q db.Querier) error {
	entries, err := formFiles.ReadDir("forms")
	if err != nil {
		return fmt.Errorf("demo: forms: %w", err)
	}
	for _, e := range entries {
		data, err := formFiles.ReadFile(path.Join("forms", e.Name()))
		if err != nil {
			return fmt.Errorf("demo: forms: %w", err)
		}
		var file struct {
			Kind       string           `json:"kind"`
			Calendar   string           `json:"calendar"` // a booking form's calendar
			Definition forms.Definition `json:"definition"`
		}
		if err := json.Unmarshal(data, &file); err != nil {
			return fmt.Errorf("demo: form %s: %w", e.Name(), err)
		}
		slug := strings.TrimSuffix(e.Name(), ".json")
		if _, err := forms.SaveDefinition(ctx, q, slug, file.Kind, "demo-studio", true, &file.Definition, nil); err != nil {
			return fmt.Errorf("demo: form %s: %w", slug, err)
		}
		if file.Calendar != "" {
			if _, err := q.Exec(ctx, `UPDATE calendars SET form_id = (SELECT id FROM forms WHERE slug = $1) WHERE slug = $2`, slug, file.Calendar); err != nil {
				return fmt.Errorf("demo: questions of %s: %w", file.Calendar, err)
			}
		}
	}
	return nil
}
