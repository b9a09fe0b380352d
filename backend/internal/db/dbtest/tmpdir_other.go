//go:build !linux

package dbtest

// fastTempRoot: only Linux gets the /dev/shm treatment.
func fastTempRoot() string { return "" }
