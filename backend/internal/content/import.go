package content

import (
	"cmp"
	"context"
	"errors"
	"strings"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"

	"slotwise/backend/internal/clock"
	"slotwise/backend/internal/db"
)

// Options tune an import.
type Options struct {
	// Progress hears after each item looked at.
	Progress func(Progress)
	// RedirectOrigins are the other sites a form may send its visitor to
	// (SLOTWISE_REDIRECT_ORIGINS).
	RedirectOrigins []string
	// Now is the server's clock, which reminders and agendas are planned
	// from (the test clock when there is one); clock.Now when nil.
	Now clock.Func
}

// Result is what an import did: how many items the folder has, and how
// many of each kind it created or changed.
type Result struct {
	Items   int
	Changed map[string]int
}

// importLock keeps two imports (or an import and an API change) from
// interleaving: each reads the site, compares and writes.
const importLock = 0x510715e

// Import makes the database hold the folder's content: it checks all of
// it first, against itself and what the database has, and changes nothing
// unless all of it is valid; then, in one transaction, it writes only the
// items that differ, so importing the same folder again changes nothing
// and the cached pages dropped (by the database's change notifications,
// on every replica) are exactly those of what changed. It never deletes:
// content the folder does not have stays (the admin API deletes).
func Import(ctx context.Context, pool db.Beginner, f *Folder, opt Options) (Result, error) {
	res := Result{}
	for _, k := range kinds {
		res.Items += k.Count(f.Site)
	}
	err := db.InTx(ctx, pool, func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, `SELECT pg_advisory_xact_lock($1)`, importLock); err != nil {
			return err
		}
		cur, err := Load(ctx, tx)
		if err != nil {
			return err
		}
		keepAddresses(f.Site, cur)
		stampTranslations(f.Site, cur)
		if ps := checkSite(f, cur, opt.RedirectOrigins); len(ps) > 0 {
			return ps
		}
		w := newWriter(tx, res.Items, opt.Progress)
		w.redirects = opt.RedirectOrigins
		if opt.Now != nil {
			w.now = opt.Now
		}
		for _, k := range kinds {
			if err := k.applyChanged(ctx, w, cur, f.Site); err != nil {
				return f.refused(err)
			}
		}
		res.Changed = w.changed
		return nil
	})
	return res, err
}

// checkSite checks every item of the folder, against the folder and the
// database together.
func checkSite(f *Folder, cur *Site, redirects []string) Problems {
	var ps Problems
	x := indexOf(f.Site, cur)
	x.redirects = redirects
	for _, k := range kinds {
		k.check(f.Site, f.sources, x, &ps)
	}
	if len(f.Site.Locations) > 1 {
		ps = append(ps, Problem{File: locationFile, Message: "a site has one business"})
	}
	for _, l := range f.Site.Locations {
		for _, c := range cur.Locations {
			if c.Slug != l.Slug {
				report{src: f.sources["location"][l.Slug], list: &ps}.add("slug", "this site's business is %q: name it so", c.Slug)
			}
		}
	}
	if len(f.Site.Locations) == 0 && len(cur.Locations) == 0 &&
		len(f.Site.Staff)+len(f.Site.Calendars)+len(f.Site.Forms)+len(f.Site.Teams)+len(f.Site.Groups)+len(f.Site.Menus) > 0 {
		ps = append(ps, Problem{File: locationFile, Message: "is missing: staff, calendars and forms belong to a business"})
	}
	return ps
}

// refused turns a write the database refused into a problem of the item's
// file: the checks above should have caught it, so it is said plainly.
func (f *Folder) refused(err error) error {
	var ie *itemError
	var pe *pgconn.PgError
	if !errors.As(err, &ie) {
		return err
	}
	p := Problem{Message: strings.TrimPrefix(ie.err.Error(), "sites: ")}
	if src := f.sources[ie.kind][ie.key]; src != nil {
		p.File = src.file
	}
	if errors.As(err, &pe) {
		p.Message = "the database refused it: " + pe.Message
		if pe.ConstraintName != "" {
			p.Message += " (" + pe.ConstraintName + ")"
		}
	} else if db.Unavailable(err) || errors.Is(err, context.Canceled) {
		return err
	}
	return Problems{p}
}

// keepAddresses gives a group or menu whose id is left out the one it
// already has (its public address stays), else its slug.
func keepAddresses(next, cur *Site) {
	groups, menus := map[string]string{}, map[string]string{}
	for _, g := range cur.Groups {
		groups[g.Slug] = g.ID
	}
	for _, m := range cur.Menus {
		menus[m.Slug] = m.ID
	}
	for i, g := range next.Groups {
		if g.ID == "" {
			next.Groups[i].ID = cmp.Or(groups[g.Slug], g.Slug)
		}
	}
	for i, m := range next.Menus {
		if m.ID == "" {
			next.Menus[i].ID = cmp.Or(menus[m.Slug], m.Slug)
		}
	}
}
