package main

import (
	"context"
	"errors"
	"fmt"
	"time"

	"slotwise/backend/internal/sites"
	"slotwise/backend/internal/web"
)

// previewLink prints a new preview link: slotwise preview page|post|product
// TARGET [--days N] [database flags].
func previewLink(ctx context.Context, args []string) error {
	if len(args) < 2 || args[0] != "page" && args[0] != "post" && args[0] != "product" {
		return errors.New("usage: slotwise preview page|post|product TARGET [--days N]")
	}
	kind, target := args[0], args[1]
	days, dbArgs, err := daysFlag("preview", args[2:])
	if err != nil {
		return err
	}
	return withDatabase(ctx, dbArgs, func(ctx context.Context, a *app) error {
		store := sites.NewStore(a.pool)
		if err := previewTargetExists(ctx, store, kind, target); err != nil {
			return err
		}
		secret, err := store.NewPreview(ctx, sites.Preview{Kind: kind, Target: target}, time.Duration(days)*24*time.Hour)
		if err != nil {
			return err
		}
		fmt.Println(publicURL(a.cfg) + web.PreviewPath(secret))
		return nil
	})
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
