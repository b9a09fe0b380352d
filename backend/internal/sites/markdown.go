package sites

import (
	"bytes"
	"fmt"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/extension"
	"github.com/yuin/goldmark/renderer/html"
)

// markdown renders CommonMark, with addresses written plainly as links. HTML written inside it is passed on: SanitizeHTML keeps only
// rich text of whatever comes out, so nothing unsafe survives either way.
var markdown = goldmark.New(
	goldmark.WithExtensions(extension.Linkify),
	goldmark.WithRendererOptions(html.WithUnsafe()),
)

// MarkdownHTML renders an author's Markdown as HTML, for SanitizeHTML.
func MarkdownHTML(src string) (string, error) {
	if len(src) > MaxRichTextBytes {
		return "", fmt.Errorf("sites: rich text of %d bytes is over %d", len(src), MaxRichTextBytes)
	}
	var b bytes.Buffer
	if err := markdown.Convert([]byte(src), &b); err != nil {
		return "", fmt.Errorf("sites: unable to render Markdown: %w", err)
	}
	return b.String(), nil
}
