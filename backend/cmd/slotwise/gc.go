package main

import (
	"runtime/debug"
)

// The Go collector's settings while serving, unless the operator sets
// GOGC or GOMEMLIMIT (Go reads them itself; they win). The server's own
// live heap is small, about 10 MB (V8's heaps are outside Go's), so Go's
// default target of 100 % collects after every 10 MB of garbage: at a
// cached page's tens of thousands of answers a second, twenty collections
// a second, a twentieth of the server's CPU. At 400 % it collects a
// quarter as often, its heap then up to five times the live heap; the
// limit keeps that growth from following the page cache (up to 64 MB of
// pages) past 256 MB: nearer it, the collector works harder instead.
const (
	gcPercent   = 400
	memoryLimit = 256 << 20
)

// tuneCollector sets the collector's target and soft limit that getenv
// does not name.
func tuneCollector(getenv func(string) string) {
	if getenv("GOGC") == "" {
		debug.SetGCPercent(gcPercent)
	}
	if getenv("GOMEMLIMIT") == "" {
		debug.SetMemoryLimit(memoryLimit)
	}
}
