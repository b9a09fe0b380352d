package pages

import (
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io/fs"
	"net/http"
	"strings"

	"github.com/gin-gonic/gin"

	"slotwise/locales"
)

// embedScript is /embed.js (ui/src/embed/host.ts), the one script a
// business puts on its own site to show widgets there (docs/embed.md). Its
// address never changes, so it is cached briefly and revalidated by ETag.
type embedScript struct {
	plain, gzipped []byte
	etag           string
}

// languagesSlot is where the build leaves room for the languages
// the server speaks: the script maps the host page's language onto them.
const languagesSlot = "__SLOTWISE_LANGUAGES__"

func loadEmbedScript(client fs.FS) (*embedScript, error) {
	data, err := fs.ReadFile(client, "embed.js")
	if err != nil {
		return nil, fmt.Errorf("pages: the embed script is missing (run `make build`): %w", err)
	}
	if !bytes.Contains(data, []byte(languagesSlot)) {
		return nil, fmt.Errorf("pages: embed.js has no %s to fill", languagesSlot)
	}
	data = bytes.ReplaceAll(data, []byte(languagesSlot), []byte(strings.Join(locales.Prefixes, " ")))
	var buf bytes.Buffer
	zw, _ := gzip.NewWriterLevel(&buf, gzip.BestCompression)
	zw.Write(data)
	zw.Close()
	sum := sha256.Sum256(data)
	return &embedScript{plain: data, gzipped: buf.Bytes(), etag: `"` + hex.EncodeToString(sum[:8]) + `"`}, nil
}

func (e *embedScript) serve(c *gin.Context) {
	coding, body := "", e.plain
	if acceptsEncoding(c.GetHeader("Accept-Encoding"), "gzip") {
		coding, body = "gzip", e.gzipped
	}
	etag := encodedETag(e.etag, coding)
	h := c.Writer.Header()
	h.Set("Cache-Control", "public, max-age=3600")
	h.Set("ETag", etag)
	h.Set("Vary", "Accept-Encoding")
	// A host page that isolates itself (COEP) may still load it.
	h.Set("Cross-Origin-Resource-Policy", "cross-origin")
	if etagMatches(c.GetHeader("If-None-Match"), etag) {
		c.Status(http.StatusNotModified)
		return
	}
	if coding != "" {
		h.Set("Content-Encoding", coding)
	}
	c.Data(http.StatusOK, "text/javascript; charset=utf-8", body)
}

// ServeEmbed answers /embed.js.
func (a *Assets) ServeEmbed(c *gin.Context) { a.embed.serve(c) }
