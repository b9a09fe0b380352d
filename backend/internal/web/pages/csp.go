package pages

import (
	"crypto/sha256"
	"encoding/base64"
	"fmt"

	"slotwise/backend/internal/route"
)

// CSP is a document's Content-Security-Policy: the app's own scripts and
// styles only (the brand colour's inline style by its hash, so the same
// document can be sent again from the cache), no plugins, no foreign base
// or form targets. Widgets are made to be framed by a business's own site
// (Options.FrameAncestors, any by default); the website's pages only by
// the site itself.
func (e *Engine) CSP(layout, brand string) string {
	ancestors := e.opt.FrameAncestors
	if ancestors == "" {
		ancestors = "*"
	}
	switch layout {
	case route.LayoutPage:
		ancestors = "'self'"
	case route.LayoutAdmin: // a business's people's pages: no site frames them
		ancestors = "'none'"
	}
	styles := "'self'"
	if style := brandStyle(brand); style != "" {
		sum := sha256.Sum256([]byte(style))
		styles += " 'sha256-" + base64.StdEncoding.EncodeToString(sum[:]) + "'"
	}
	return fmt.Sprintf("default-src 'self'; script-src 'self'; style-src %s; img-src 'self' data: https:; "+
		"font-src 'self'; connect-src 'self'; object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors %s",
		styles, ancestors)
}
