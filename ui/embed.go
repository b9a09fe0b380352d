// Package ui is the front end as a Go package: the route table it shares with
// the server, and the webpack build (client assets and the server bundle) that
// the binary embeds, so running it needs no Node and no files beside it.
package ui

import (
	"embed"
	"io/fs"
)

// RoutesJSON is the one route table, read by Go and React alike.
//
//go:embed src/routes.json
var RoutesJSON []byte

//go:embed all:dist
var dist embed.FS

// Dist is the webpack output: client/ (hashed assets and manifest.json) and
// server/server.js. It is empty until `make build` has run webpack.
func Dist() fs.FS {
	sub, err := fs.Sub(dist, "dist")
	if err != nil {
		panic(err) // the directory is embedded above, so this cannot fail
	}
	return sub
}
