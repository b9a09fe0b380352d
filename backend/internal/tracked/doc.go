// Package tracked holds the rule of what the repository keeps in git, and
// its test checks every tracked file against it: source only. Binaries and
// builds are made by `make`, never committed; a file over 1 MB is a build
// output or data that belongs elsewhere (the lock files of Go and npm
// aside, which are source that tools write).
package tracked
