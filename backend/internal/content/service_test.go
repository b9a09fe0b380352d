package content_test

import (
	"context"
	"errors"
	"testing"

	"slotwise/backend/internal/command"
	"slotwise/backend/internal/content"
	"slotwise/backend/internal/db/dbtest"
	"slotwise/backend/internal/demo"
)

func TestAChangeWithAnIdempotencyKeyActsOnce(t *testing.T) {
	pool := dbtest.New(t)
	ctx := context.Background()
	if err := demo.Seed(ctx, pool); err != nil {
		t.Fatal(err)
	}
	svc := content.NewService(pool, nil)
	tags, _ := content.KindNamed("tags")
	create := content.Change{Kind: tags, Body: []byte(`{"slug":"spring","name":"spring"}`), Create: true, IdempotencyKey: "tag-1"}

	first, err := svc.Put(ctx, create)
	if err != nil || first != (content.Changed{Key: "spring", Outcome: content.Created}) {
		t.Fatalf("the first POST: %+v, %v", first, err)
	}
	// Without the key the same POST is refused: the tag exists.
	again := create
	again.IdempotencyKey = ""
	if _, err := svc.Put(ctx, again); !errors.Is(err, content.ErrExists) {
		t.Errorf("the same POST without a key: %v, want ErrExists", err)
	}
	if replay, err := svc.Put(ctx, create); err != nil || replay != first {
		t.Errorf("the same POST with its key: %+v, %v; want the first answer %+v", replay, err, first)
	}
	other := create
	other.Body = []byte(`{"slug":"summer","name":"summer"}`)
	if _, err := svc.Put(ctx, other); !errors.Is(err, command.ErrKeyReused) {
		t.Errorf("the key with another body: %v, want ErrKeyReused", err)
	}

	if err := svc.Delete(ctx, tags, "spring", "delete-1"); err != nil {
		t.Fatalf("DELETE: %v", err)
	}
	if err := svc.Delete(ctx, tags, "spring", "delete-1"); err != nil {
		t.Errorf("the same DELETE with its key: %v, want its first answer", err)
	}
	if err := svc.Delete(ctx, tags, "spring", ""); !errors.Is(err, content.ErrNotFound) {
		t.Errorf("DELETE of what is gone: %v, want ErrNotFound", err)
	}
}
