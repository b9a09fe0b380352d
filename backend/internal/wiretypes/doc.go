// Package wiretypes guards the TypeScript types generated from the Go types
// that cross the wire (tygo.yaml at the repository root, `make types`): its
// test fails when ui/src/generated differs from what the Go source would
// generate now, so the two sides can never drift apart unnoticed.
package wiretypes
