package pages

import (
	"bytes"
	"html/template"
)

// documentHead is flushed before the body is rendered, so the browser fetches
// styles and scripts while V8 works. The body's data-layout comes after the
// render because a failed render turns the page into the error layout. The
// empty icon keeps browsers from asking for /favicon.ico, which is a 404.
var documentHead = template.Must(template.New("head").Parse(`<!doctype html>
<html lang="{{.DocumentLang}}"{{if .InPage}} data-embed="page"{{end}}>
<head>
<meta charset="utf-8">
{{- if .SEO}}
<meta name="content-language" content="{{.DocumentLang}}">{{end}}
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="icon" href="data:,">
<title>{{.Head.Title}}</title>
{{- if .Head.Description}}
<meta name="description" content="{{.Head.Description}}">{{end}}
{{- if .Head.Robots}}
<meta name="robots" content="{{.Head.Robots}}">{{end}}
{{- if .Head.Canonical}}
<link rel="canonical" href="{{.Head.Canonical}}">{{end}}
{{- range .Head.Alternates}}
<link rel="alternate" hreflang="{{.Hreflang}}" href="{{.Href}}">{{end}}
{{- with .SEO}}
{{- if .Prev}}
<link rel="prev" href="{{.Prev}}">{{end}}
{{- if .Next}}
<link rel="next" href="{{.Next}}">{{end}}
{{- if .Feed}}
<link rel="alternate" type="application/rss+xml" title="{{.FeedTitle}}" href="{{.Feed}}">{{end}}
<meta property="og:type" content="{{.Type}}">
<meta property="og:site_name" content="{{.SiteName}}">
<meta property="og:title" content="{{.Title}}">
{{- if .Description}}
<meta property="og:description" content="{{.Description}}">{{end}}
{{- if .URL}}
<meta property="og:url" content="{{.URL}}">{{end}}
<meta property="og:locale" content="{{.Locale}}">
{{- range .LocaleAlternates}}
<meta property="og:locale:alternate" content="{{.}}">{{end}}
{{- if .Image}}
<meta property="og:image" content="{{.ImageURL}}">
<meta property="og:image:width" content="{{.Image.Width}}">
<meta property="og:image:height" content="{{.Image.Height}}">
<meta property="og:image:alt" content="{{.Image.Alt}}">
<meta name="twitter:card" content="summary_large_image">
{{- else}}
<meta name="twitter:card" content="summary">{{end}}
<meta name="twitter:title" content="{{.Title}}">
{{- if .Description}}
<meta name="twitter:description" content="{{.Description}}">{{end}}
{{- if .Published}}
<meta property="article:published_time" content="{{.Published}}">{{end}}
{{- if .Modified}}
<meta property="article:modified_time" content="{{.Modified}}">{{end}}
{{- if .Author}}
<meta property="article:author" content="{{.Author}}">{{end}}
{{.JSONLD}}
{{- end}}
{{- range .Styles}}
<link rel="stylesheet" href="{{.}}">{{end}}
{{- range .Preloads}}
<link rel="preload" as="script" href="{{.}}">{{end}}
{{- if .BrandStyle}}
<style>{{.BrandStyle}}</style>{{end}}
</head>
`))

type headView struct {
	*Payload
	SEO        *seoView // website pages: cards and structured data
	Styles     []string
	Preloads   []string
	BrandStyle template.CSS // brandStyle of the page's colour
	// InPage: a widget a page of this website frames (?embed=page,
	// features/sites/Sections.tsx): from the first paint it leaves the
	// language menu and the cookie banner to the page around it.
	InPage bool
}

// DocumentLang is the language <html lang> names: the main content's
// (WCAG 3.1.1); the frame around content in another language says its
// own (writeBody).
func (p *Payload) DocumentLang() string {
	if p.ContentLang != "" {
		return p.ContentLang
	}
	return p.Lang
}

// brandStyle is the inline style that gives a page its business's colour,
// or "" for none (an invalid colour is none). The Content-Security-Policy
// allows exactly this text by its hash (Engine.CSP), not by a nonce, so the
// same document can be sent again from the page cache.
func brandStyle(color string) string {
	if ValidColor(color) == "" {
		return ""
	}
	return ":root{--brand:" + color + "}"
}

// writePayloadScript embeds the payload as JSON that no string inside it can
// break out of: encoding/json escapes <, >, & (so neither </script> nor <!--
// survive) and U+2028/U+2029.
func writePayloadScript(w *bytes.Buffer, data []byte) {
	w.WriteString(`<script id="__SLOTWISE_DATA__" type="application/json">`)
	w.Write(data)
	w.WriteString("</script>\n")
}
