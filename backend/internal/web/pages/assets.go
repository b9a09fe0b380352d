package pages

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"fmt"
	"io/fs"
	"mime"
	"net/http"
	"path"
	"strings"

	"github.com/gin-gonic/gin"
)

// Assets serves the hashed client build and knows, from webpack's manifest,
// which files a page of each layout needs.
type Assets struct {
	files    fs.FS             // client/ of the build
	manifest map[string]string // "main.js" → "/assets/main.1a2b3c.js"
	gzipped  map[string][]byte // name → gzip of the file, for scripts and styles
	layouts  map[string]layoutAssets
	messages *messageSets // the message ids of each layout
	embed    *embedScript // /embed.js
}

// layoutAssets is what a page of one layout needs beside the entry
// (client/layout-assets.json, written by ui/build/layout-assets.js).
type layoutAssets struct {
	Scripts []string `json:"scripts"` // the layout's chunk and the shared chunks it needs
	Styles  []string `json:"styles"`  // its CSS and that of the parts it fetches later
}

// LoadAssets reads client/manifest.json and server/messages.json from the
// embedded build.
func LoadAssets(dist fs.FS) (*Assets, error) {
	client, err := fs.Sub(dist, "client")
	if err != nil {
		return nil, err
	}
	data, err := fs.ReadFile(client, "manifest.json")
	if err != nil {
		return nil, fmt.Errorf("pages: the client build is missing (run `make build`): %w", err)
	}
	messages, err := loadMessageSets(dist)
	if err != nil {
		return nil, err
	}
	a := &Assets{files: client, messages: messages}
	if err := json.Unmarshal(data, &a.manifest); err != nil {
		return nil, fmt.Errorf("pages: client manifest is not valid JSON: %w", err)
	}
	if a.manifest["main.js"] == "" {
		return nil, fmt.Errorf("pages: client manifest has no main.js")
	}
	data, err = fs.ReadFile(dist, "client/layout-assets.json")
	if err != nil {
		return nil, fmt.Errorf("pages: the build's layout assets are missing (run `make build`): %w", err)
	}
	if err := json.Unmarshal(data, &a.layouts); err != nil {
		return nil, fmt.Errorf("pages: layout-assets.json is not valid JSON: %w", err)
	}
	if err := a.compress(); err != nil {
		return nil, err
	}
	if a.embed, err = loadEmbedScript(client); err != nil {
		return nil, err
	}
	return a, nil
}

// compress gzips scripts and styles once at start: they never change while
// the binary runs, and a phone then downloads a third of the bytes.
func (a *Assets) compress() error {
	a.gzipped = map[string][]byte{}
	entries, err := fs.ReadDir(a.files, "assets")
	if err != nil {
		return fmt.Errorf("pages: unable to list assets: %w", err)
	}
	for _, e := range entries {
		if !strings.HasSuffix(e.Name(), ".js") && !strings.HasSuffix(e.Name(), ".css") {
			continue
		}
		data, err := fs.ReadFile(a.files, "assets/"+e.Name())
		if err != nil {
			return err
		}
		var buf bytes.Buffer
		zw, _ := gzip.NewWriterLevel(&buf, gzip.BestCompression)
		zw.Write(data)
		zw.Close()
		a.gzipped[e.Name()] = buf.Bytes()
	}
	return nil
}

// Scripts are the entry scripts every page loads.
func (a *Assets) Scripts() []string { return a.pick("main.js") }

// Styles are the entry's styles and those of the layout, with the parts its
// pages fetch later, linked up front so whichever step the server renders is
// styled before, or without, any script.
func (a *Assets) Styles(layout string) []string {
	return append(a.pick("main.css"), a.layouts[layout].Styles...)
}

// Preloads are the layout's chunk and the shared chunks it needs, fetched in
// parallel with the entry rather than one after another.
func (a *Assets) Preloads(layout string) []string { return a.layouts[layout].Scripts }

func (a *Assets) pick(names ...string) []string {
	var out []string
	for _, n := range names {
		if v := a.manifest[n]; v != "" {
			out = append(out, v)
		}
	}
	return out
}

// Serve answers /assets/*: names carry a content hash, so they are cached for
// a year; anything else is a plain 404.
func (a *Assets) Serve(c *gin.Context) {
	name := strings.TrimPrefix(path.Clean(c.Param("file")), "/")
	if name == "" || name == "." || name == "manifest.json" {
		c.String(http.StatusNotFound, "Not found")
		return
	}
	f, err := a.files.Open("assets/" + name)
	if err != nil {
		c.String(http.StatusNotFound, "Not found")
		return
	}
	f.Close()
	c.Header("Cache-Control", "public, max-age=31536000, immutable")
	c.Header("Vary", "Accept-Encoding")
	if gz, ok := a.gzipped[name]; ok && strings.Contains(c.GetHeader("Accept-Encoding"), "gzip") {
		c.Header("Content-Encoding", "gzip")
		c.Data(http.StatusOK, mime.TypeByExtension(path.Ext(name)), gz)
		return
	}
	c.FileFromFS("assets/"+name, http.FS(a.files))
}
