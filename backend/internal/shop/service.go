package shop

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"strconv"
	"time"

	"slotwise/backend/internal/clock"
	"slotwise/backend/internal/command"
	"slotwise/backend/internal/db"
)

// Sentinel errors; the web layer maps each to its status and message.
var (
	ErrNotFound     = errors.New("shop: not found")
	ErrNotSold      = errors.New("shop: the business does not sell online")
	ErrEmptyCart    = errors.New("shop: the cart is empty")
	ErrCartFull     = errors.New("shop: the cart holds as many lines as it can")
	ErrNotPayable   = errors.New("shop: the order is not waiting for its payment")
	ErrWrongState   = errors.New("shop: the order cannot do that in its state")
	ErrRefundTooBig = errors.New("shop: more than is left to refund")
)

// StockError is a cart some of whose lines cannot be bought as they are:
// the quote says which and how many are left.
type StockError struct{ Quote *Quote }

func (e *StockError) Error() string { return "shop: not enough in stock" }

// Is makes a StockError ErrOutOfStock.
func (e *StockError) Is(target error) bool { return target == ErrOutOfStock }

// ErrOutOfStock is what every StockError is.
var ErrOutOfStock = errors.New("shop: not enough in stock")

// ValidationError names the checkout's fields that need the buyer's
// attention: field → message id (locales/*.json).
type ValidationError struct{ Fields map[string]string }

func (e *ValidationError) Error() string { return "shop: invalid fields" }

// FieldMessages gives the fields' message ids, as every input's errors do.
func (e *ValidationError) FieldMessages() (map[string]string, map[string]map[string]string) {
	args := map[string]map[string]string{}
	for f, id := range e.Fields {
		if id == msgTooLong {
			args[f] = map[string]string{"max": strconv.Itoa(maxLen(f))}
		}
	}
	return e.Fields, args
}

// Limits of a cart.
const (
	MaxLines    = 50
	MaxQuantity = 99
)

// Service sells the products of the business ctx works for.
type Service struct {
	pool   *db.Pool
	runner *command.Runner
	// carts runs the changes of carts, which no cached page shows: they
	// do not wait for the replica's pages to catch up.
	carts *command.Runner
	now   clock.Func
	log   *slog.Logger
	store store
	pay   Payments // closes checkouts before their stock is released (WithPayments)
	// beforeHold runs between a checkout's quote and its hold, for tests
	// that put another buyer's checkout there (export_test.go).
	beforeHold func()
}

// Options are the service's collaborators; each may be left out.
type Options struct {
	Clock clock.Func
	// AfterCommit runs after each change that committed (the replica's
	// cached pages catch up with stock).
	AfterCommit func(ctx context.Context)
}

// NewService returns the shop over pool.
func NewService(pool *db.Pool, log *slog.Logger, opt Options) *Service {
	return &Service{pool: pool, runner: command.NewRunnerAfter(pool, opt.AfterCommit), carts: command.NewRunner(pool), now: opt.Clock, log: log}
}

// Now is the shop's clock.
func (s *Service) Now() time.Time {
	if s.now == nil {
		return clock.Now()
	}
	return s.now()
}

// settings reads the business's shop settings and currency.
func (s *Service) settings(ctx context.Context, q db.Querier) (Settings, string, error) {
	set, currency, err := s.store.settings(ctx, q)
	if err != nil {
		return Settings{}, "", fmt.Errorf("shop: unable to read the business's shop: %w", err)
	}
	return set, currency, nil
}
