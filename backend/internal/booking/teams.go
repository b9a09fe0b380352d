package booking

import (
	"context"
	"errors"
	"fmt"

	"github.com/jackc/pgx/v5"

	"slotwise/backend/internal/db"
)

// Team is people who take one calendar's appointments together: its page
// offers each of them by name, and "any available", which assigns the
// fairest free person (fairOrder).
type Team struct {
	Slug        string
	Name        string
	Description string
	Calendar    *Calendar
	// Lang is the language of its name and description (In).
	Lang         string
	translations []byte
}

// Group lists calendars; the booker picks one and books it.
type Group struct {
	ID          string
	Slug        string
	Name        string
	Description string
	Location    *Location
	Calendars   []*Calendar
	// Lang is the language of its name and description (In).
	Lang         string
	translations []byte
}

// ErrGroupNotFound and ErrTeamNotFound name what a page asked for in vain.
var (
	ErrGroupNotFound = errors.New("booking: group not found")
	ErrTeamNotFound  = errors.New("booking: team not found")
)

// Team loads a team with its calendar.
func (s *Service) Team(ctx context.Context, slug string) (*Team, error) {
	if !plausibleKey(slug) {
		return nil, ErrTeamNotFound
	}
	t := &Team{}
	var calendarID int64
	err := s.pool.QueryRow(ctx, `SELECT t.slug, t.name, t.description, t.translations, t.calendar_id
		FROM teams t JOIN calendars c ON c.id = t.calendar_id AND c.location_id = t.location_id
		WHERE t.slug = $1 AND t.location_id = $2 AND c.active`, slug, db.ThisBusiness).
		Scan(&t.Slug, &t.Name, &t.Description, &t.translations, &calendarID)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, ErrTeamNotFound
	}
	if err != nil {
		return nil, fmt.Errorf("booking: unable to fetch team %q: %w", slug, err)
	}
	if t.Calendar, err = s.store.calendarByID(ctx, s.pool, calendarID); err != nil {
		return nil, err
	}
	t.Lang = t.Calendar.Lang
	return t, nil
}

// GroupByID and GroupBySlug load a group with its active calendars in
// their order.
func (s *Service) GroupByID(ctx context.Context, id string) (*Group, error) {
	return s.group(ctx, "id", id)
}

func (s *Service) GroupBySlug(ctx context.Context, slug string) (*Group, error) {
	return s.group(ctx, "slug", slug)
}

func (s *Service) group(ctx context.Context, column, key string) (*Group, error) {
	if !plausibleKey(key) {
		return nil, ErrGroupNotFound
	}
	g := &Group{}
	err := s.pool.QueryRow(ctx, `SELECT id, slug, name, description, translations FROM calendar_groups WHERE `+column+` = $1 AND location_id = $2`, key, db.ThisBusiness).
		Scan(&g.ID, &g.Slug, &g.Name, &g.Description, &g.translations)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, ErrGroupNotFound
	}
	if err != nil {
		return nil, fmt.Errorf("booking: unable to fetch group %q: %w", key, err)
	}
	rows, err := s.pool.Query(ctx, `SELECT `+calendarColumns+`
		FROM calendar_group_members m JOIN calendars c ON c.id = m.calendar_id AND c.location_id = m.location_id JOIN locations l ON l.id = c.location_id
		WHERE m.group_id = $1 AND m.location_id = $2 AND c.active ORDER BY m.position, c.name`, g.ID, db.ThisBusiness)
	if err != nil {
		return nil, fmt.Errorf("booking: unable to fetch the calendars of group %q: %w", key, err)
	}
	if g.Calendars, err = pgx.CollectRows(rows, func(r pgx.CollectableRow) (*Calendar, error) { return scanCalendar(r) }); err != nil {
		return nil, err
	}
	if len(g.Calendars) == 0 {
		return nil, ErrGroupNotFound
	}
	g.Location, g.Lang = g.Calendars[0].Location, g.Calendars[0].Lang
	return g, nil
}
