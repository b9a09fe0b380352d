package content

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"path"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"gopkg.in/yaml.v3"
)

// The folder's layout (docs/content.md): one file per item where items
// have names of their own, one list file where they are small.
const (
	formatFile   = "slotwise.yaml"
	locationFile = "location.yaml"
	mediaDir     = "media"
	pagesDir     = "pages"
	postsDir     = "posts"
)

// perFile are the kinds kept one item to a YAML file named by its key.
var perFile = []string{"staff", "calendars", "teams", "groups", "menus", "forms", "products", "collections"}

// listFiles are the kinds kept as one list each.
var listFiles = map[string]string{"links.yaml": "links", "blogs.yaml": "blogs", "authors.yaml": "authors", "tags.yaml": "tags"}

// maxTextFile bounds a YAML or Markdown file: more is a mistake, not a site.
const maxTextFile = 4 << 20

// Folder is a site read from files, with where each item came from.
type Folder struct {
	Site    *Site
	sources sources
}

// Read reads a site's folder, checking its format: every file it could
// not read is a problem, and so is any file that is not part of a site.
// Whether the content itself is valid is checked on import.
func Read(fsys fs.FS) (*Folder, error) {
	r := &reader{fsys: fsys, f: &Folder{Site: &Site{}, sources: sources{}}}
	r.format()
	err := fs.WalkDir(fsys, ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			r.problem(p, 0, "", "%v", err)
			return nil
		}
		if p == "." {
			return nil
		}
		if strings.HasPrefix(d.Name(), ".") {
			if d.IsDir() {
				return fs.SkipDir // .git and the like
			}
			return nil
		}
		if d.IsDir() {
			return nil
		}
		if !d.Type().IsRegular() {
			r.problem(p, 0, "", "is a link or a special file: a site's files are plain files inside its folder")
			return nil
		}
		r.file(p)
		return nil
	})
	if err != nil {
		return nil, err
	}
	if len(r.problems) > 0 {
		return nil, r.problems
	}
	return r.f, nil
}

type reader struct {
	fsys     fs.FS
	f        *Folder
	problems Problems
}

func (r *reader) problem(file string, line int, field, format string, args ...any) {
	r.problems = append(r.problems, Problem{File: file, Line: line, Field: field, Message: fmt.Sprintf(format, args...)})
}

func (r *reader) format() {
	data, err := fs.ReadFile(r.fsys, formatFile)
	if err != nil {
		r.problem(formatFile, 0, "", "is missing: a site's folder starts with it (format: %d)", FormatVersion)
		return
	}
	var v struct {
		Format int `yaml:"format"`
	}
	if err := yaml.Unmarshal(data, &v); err != nil || v.Format == 0 {
		r.problem(formatFile, 1, "format", "is the folder's format version, %d", FormatVersion)
	} else if v.Format > FormatVersion {
		r.problem(formatFile, 1, "format", "version %d is newer than this server reads (%d): update Slotwise", v.Format, FormatVersion)
	}
}

// file reads one file by where it is.
func (r *reader) file(p string) {
	dir, name := path.Split(p)
	dir = strings.TrimSuffix(dir, "/")
	top, _, _ := strings.Cut(p, "/")
	switch {
	case p == formatFile || (dir == "" && strings.EqualFold(path.Ext(name), ".md") && strings.HasPrefix(strings.ToLower(name), "readme")):
		return
	case p == locationFile:
		var l Location
		l.setDefaults()
		if src := r.yaml(p, &l); src != nil {
			r.add("location", l.Slug, src)
			r.f.Site.Locations = append(r.f.Site.Locations, l)
		}
	case listFiles[p] != "":
		r.list(p, listFiles[p])
	case dir == "" && path.Ext(name) == ".yaml" && translatedName(strings.TrimSuffix(name, ".yaml")) && textsFile(name) != nil:
		r.fileTexts(p, *textsFile(name))
	case top == mediaDir && dir == mediaDir:
		data, ok := r.read(p, MaxMediaBytes+1)
		if ok {
			r.add("media", name, &source{file: p})
			r.f.Site.Media = append(r.f.Site.Media, Media{Name: name, Data: data})
		}
	case top == pagesDir && path.Ext(name) == ".md" && translatedName(strings.TrimSuffix(name, ".md")):
		r.translation(p)
	case top == pagesDir && path.Ext(name) == ".md":
		r.page(p)
	case top == postsDir && dir == postsDir && path.Ext(name) == ".md" && translatedName(strings.TrimSuffix(name, ".md")):
		r.translation(p)
	case top == postsDir && dir == postsDir && path.Ext(name) == ".md":
		r.post(p, strings.TrimSuffix(name, ".md"))
	case dir != "" && !strings.Contains(dir, "/") && path.Ext(name) == ".yaml" && translatedName(strings.TrimSuffix(name, ".yaml")) && isTextKind(dir):
		r.texts(p, dir, strings.TrimSuffix(name, ".yaml"))
	case dir != "" && !strings.Contains(dir, "/") && path.Ext(name) == ".yaml" && slices.Contains(perFile, dir):
		r.item(p, dir, strings.TrimSuffix(name, ".yaml"))
	default:
		r.problem(p, 0, "", "is not part of a site's files (see docs/content.md)")
	}
}

func (r *reader) read(p string, limit int) ([]byte, bool) {
	data, err := fs.ReadFile(r.fsys, p)
	switch {
	case err != nil:
		r.problem(p, 0, "", "unable to read: %v", err)
		return nil, false
	case len(data) >= limit:
		r.problem(p, 0, "", "is %d bytes, more than a file of a site holds (%d)", len(data), limit-1)
		return nil, false
	}
	return data, true
}

func (r *reader) text(p string) (string, bool) {
	data, ok := r.read(p, maxTextFile)
	if !ok {
		return "", false
	}
	if !utf8.Valid(data) || bytes.IndexByte(data, 0) >= 0 {
		r.problem(p, 0, "", "is not UTF-8 text")
		return "", false
	}
	return strings.ReplaceAll(string(data), "\r\n", "\n"), true
}

func (r *reader) add(kind, key string, src *source) {
	if r.f.sources[kind] == nil {
		r.f.sources[kind] = map[string]*source{}
	}
	if prev, ok := r.f.sources[kind][key]; ok {
		r.problem(src.file, lineOf(src.node, "")+src.lineBase, "", "%s %q is already in %s", kind, key, prev.file)
		return
	}
	r.f.sources[kind][key] = src
}

// yaml decodes a YAML document into v, refusing fields v does not have.
func (r *reader) yaml(p string, v any) *source {
	text, ok := r.text(p)
	if !ok {
		return nil
	}
	return r.yamlText(p, text, 0, v)
}

func (r *reader) yamlText(p, text string, lineBase int, v any) *source {
	var node yaml.Node
	if err := yaml.Unmarshal([]byte(text), &node); err != nil {
		r.yamlError(p, lineBase, err)
		return nil
	}
	if len(node.Content) == 0 {
		r.problem(p, lineBase+1, "", "is empty")
		return nil
	}
	dec := yaml.NewDecoder(strings.NewReader(text))
	dec.KnownFields(true)
	if err := dec.Decode(v); err != nil {
		r.yamlError(p, lineBase, err)
		return nil
	}
	return &source{file: p, node: node.Content[0], lineBase: lineBase}
}

var yamlLine = regexp.MustCompile(`^(?:yaml: )?line (\d+): (.*)$`)
var unknownField = regexp.MustCompile(`^field (\S+) not found in type \S+$`)
var badValue = regexp.MustCompile("^cannot unmarshal !!(\\w+) `(.*)` into (\\S+)$")
var badShape = regexp.MustCompile(`^cannot unmarshal !!(seq|map) into (\S+)$`)

// yamlError reports what the YAML decoder said, in the folder's terms.
func (r *reader) yamlError(p string, lineBase int, err error) {
	var msgs []string
	var te *yaml.TypeError
	if errors.As(err, &te) {
		msgs = te.Errors
	} else {
		msgs = []string{err.Error()}
	}
	for _, m := range msgs {
		line, field := 0, ""
		if sub := yamlLine.FindStringSubmatch(m); sub != nil {
			line, _ = strconv.Atoi(sub[1])
			line += lineBase
			m = sub[2]
		}
		if sub := unknownField.FindStringSubmatch(m); sub != nil {
			field, m = sub[1], "is not a field here (see docs/content.md)"
		} else if sub := badValue.FindStringSubmatch(m); sub != nil {
			m = fmt.Sprintf("%q is not %s", sub[2], typeWords(sub[3]))
		} else if sub := badShape.FindStringSubmatch(m); sub != nil {
			m = map[string]string{"seq": "a list is written where", "map": "fields are written where"}[sub[1]] + " " + typeWords(sub[2]) + " belongs"
		}
		r.problem(p, line, field, "%s", strings.TrimPrefix(m, "yaml: "))
	}
}

func typeWords(goType string) string {
	switch {
	case strings.HasPrefix(goType, "int"):
		return "a whole number"
	case goType == "bool":
		return "true or false"
	case goType == "string":
		return "text"
	case strings.HasPrefix(goType, "[]"):
		return "a list"
	case goType == "time.Time":
		return "a time such as 2027-01-31T00:00:00Z"
	case goType == "content.Week":
		return "the days of the week (monday: [09:00-17:00])"
	case strings.HasPrefix(goType, "content."), strings.HasPrefix(goType, "map["):
		return "fields (name: value)"
	}
	return "of the right kind"
}

// item reads a kind kept one to a file, named by its key.
func (r *reader) item(p, kind, key string) {
	k, _ := KindNamed(kind)
	it := k.blank()
	if src := r.yaml(p, it); src != nil {
		k.setKeyOf(it, key)
		k.add(r.f.Site, it)
		r.add(kind, key, src)
	}
}

// list reads a list file: each element is one item, its key inside.
func (r *reader) list(p, kind string) {
	k, _ := KindNamed(kind)
	var node yaml.Node
	src := r.yaml(p, &node)
	if src == nil {
		return
	}
	if src.node.Kind != yaml.SequenceNode {
		r.problem(p, src.node.Line, "", "is a list (- slug: …)")
		return
	}
	for _, el := range src.node.Content {
		it := k.blank()
		if err := decodeStrict(el, it); err != nil {
			r.yamlError(p, 0, err)
			continue
		}
		k.add(r.f.Site, it)
		r.add(kind, k.keyOf(it), &source{file: p, node: el})
	}
}

// decodeStrict decodes one node of a document already read, refusing
// fields the item does not have (which Node.Decode alone does not).
func decodeStrict(n *yaml.Node, v any) error {
	text, err := yaml.Marshal(n)
	if err != nil {
		return err
	}
	// Lines are the element's own: shift them to the file's.
	dec := yaml.NewDecoder(strings.NewReader(strings.Repeat("\n", n.Line-1) + string(text)))
	dec.KnownFields(true)
	return dec.Decode(v)
}

// frontMatter splits a Markdown file into its YAML front matter (between
// two lines of ---) and its body, with the line the body starts on.
func frontMatter(text string) (front, body string, bodyLine int, ok bool) {
	rest, found := strings.CutPrefix(text, "---\n")
	if !found {
		return "", "", 0, false
	}
	end := strings.Index(rest, "\n---\n")
	if end < 0 {
		if f, ok := strings.CutSuffix(rest, "\n---"); ok {
			return f, "", 0, true
		}
		return "", "", 0, false
	}
	front, body = rest[:end+1], rest[end+5:]
	trimmed := strings.TrimLeft(body, "\n")
	return front, trimmed, strings.Count(front, "\n") + 3 + len(body) - len(trimmed), true
}

func (r *reader) markdown(p string, v any) (*source, string) {
	text, ok := r.text(p)
	if !ok {
		return nil, ""
	}
	front, body, bodyLine, ok := frontMatter(text)
	if !ok {
		r.problem(p, 1, "", "starts with front matter: a line of ---, the fields, another line of ---")
		return nil, ""
	}
	src := r.yamlText(p, front, 1, v)
	if src != nil {
		src.bodyLine = bodyLine
	}
	return src, body
}

// pagePath is the site path of a page's file: pages/index.md is the home
// page, pages/a/index.md and pages/a.md are both /a/.
func pagePath(p string) string {
	rel := strings.TrimSuffix(strings.TrimPrefix(p, pagesDir+"/"), ".md")
	if rel == "index" {
		return ""
	}
	return strings.TrimSuffix(rel, "/index")
}

func (r *reader) page(p string) {
	v := Page{}
	v.setDefaults()
	src, body := r.markdown(p, &v)
	if src == nil {
		return
	}
	v.Path, v.Body = pagePath(p), body
	r.add("pages", v.Path, src)
	r.f.Site.Pages = append(r.f.Site.Pages, v)
}

func (r *reader) post(p, slug string) {
	v := Post{}
	v.setDefaults()
	src, body := r.markdown(p, &v)
	if src == nil {
		return
	}
	v.normalize()
	v.Slug, v.Body = slug, body
	r.add("posts", slug, src)
	r.f.Site.Posts = append(r.f.Site.Posts, v)
}
