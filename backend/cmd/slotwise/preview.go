package main

import (
	"context"
	"errors"
	"fmt"
	"time"

	"slotwise/backend/internal/sites"
	"slotwise/backend/internal/web"
)

func previewCommand() *command {
	var days int
	var business string
	return &command{name: "preview", synopsis: "page|post|product TARGET", minArgs: 2, maxArgs: 2,
		summary: "print a link that shows a page, post or product, draft or not",
		detail:  "TARGET is the page's path, or the post's or product's slug.",
		flags:   linkFlags(&days, &business),
		run: func(ctx context.Context, inv *invocation) error {
			kind, target := inv.args[0], inv.args[1]
			if kind != "page" && kind != "post" && kind != "product" {
				return &usageError{fmt.Sprintf("preview shows a page, post or product, not %q", kind)}
			}
			if err := checkDays(days); err != nil {
				return err
			}
			return withDatabase(ctx, inv.cfg, func(ctx context.Context, a *app) error {
				ctx, origin, err := businessOrigin(ctx, a, business)
				if err != nil {
					return err
				}
				store := sites.NewStore(a.pool)
				if err := previewTargetExists(ctx, store, kind, target); err != nil {
					return err
				}
				secret, err := store.NewPreview(ctx, sites.Preview{Kind: kind, Target: target}, time.Duration(days)*24*time.Hour)
				if err != nil {
					return err
				}
				fmt.Fprintln(inv.stdout, origin+web.PreviewPath(secret))
				return nil
			})
		}}
}

func previewTargetExists(ctx context.Context, store *sites.Store, kind, target string) error {
	var err error
	switch kind {
	case "post":
		_, err = store.DraftPost(ctx, target)
	case "product":
		_, err = store.DraftProduct(ctx, target)
	default:
		_, err = store.DraftPage(ctx, target)
	}
	if errors.Is(err, sites.ErrNotFound) {
		return fmt.Errorf("there is no %s %q", kind, target)
	}
	return err
}

// demoPreview makes the preview link of the demo's draft post that the
// start banner shows, when the demo blog is there.
func demoPreview(ctx context.Context, store *sites.Store) (string, error) {
	const draft = "new-treatments-2027"
	if err := previewTargetExists(ctx, store, "post", draft); err != nil {
		return "", nil // not the demo's database
	}
	secret, err := store.NewPreview(ctx, sites.Preview{Kind: "post", Target: draft}, 7*24*time.Hour)
	if err != nil {
		return "", err
	}
	return web.PreviewPath(secret), nil
}
