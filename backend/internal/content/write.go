package content

import (
	"bytes"
	"cmp"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"

	"gopkg.in/yaml.v3"
)

// Write writes a site as a folder. Into a folder that is already a site's
// (it has slotwise.yaml), it also removes the site files the site no
// longer has, so the folder is the site and a version control diff shows
// exactly what changed; files of its own (a README, .git) stay. Any other
// folder must be empty.
func Write(dir string, s *Site) error {
	if err := ready(dir); err != nil {
		return err
	}
	files, err := render(s)
	if err != nil {
		return err
	}
	for name, data := range files {
		if !filepath.IsLocal(filepath.FromSlash(name)) || path.Clean(name) != name {
			return fmt.Errorf("content: %q is not a file inside the folder", name)
		}
		if err := writeFile(filepath.Join(dir, filepath.FromSlash(name)), data); err != nil {
			return err
		}
	}
	return prune(dir, files)
}

func ready(dir string) error {
	entries, err := os.ReadDir(dir)
	if errors.Is(err, fs.ErrNotExist) {
		return os.MkdirAll(dir, 0o755)
	}
	if err != nil {
		return err
	}
	if _, err := os.Stat(filepath.Join(dir, formatFile)); err == nil {
		return nil
	}
	for _, e := range entries {
		if !strings.HasPrefix(e.Name(), ".") {
			return fmt.Errorf("%s is neither empty nor a site's folder (it has no %s): export into an empty folder", dir, formatFile)
		}
	}
	return nil
}

// writeFile replaces a file whole: a reader never sees half of one.
func writeFile(name string, data []byte) error {
	if old, err := os.ReadFile(name); err == nil && bytes.Equal(old, data) {
		return nil
	}
	if err := os.MkdirAll(filepath.Dir(name), 0o755); err != nil {
		return err
	}
	tmp := name + ".tmp"
	if err := os.WriteFile(tmp, data, 0o644); err != nil {
		return err
	}
	return os.Rename(tmp, name)
}

// prune removes the site files a site no longer has.
func prune(dir string, keep map[string][]byte) error {
	for _, sub := range append([]string{mediaDir, pagesDir, postsDir}, perFile...) {
		root := filepath.Join(dir, sub)
		err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
			if errors.Is(err, fs.ErrNotExist) {
				return nil
			}
			if err != nil || d.IsDir() {
				return err
			}
			rel, _ := filepath.Rel(dir, p)
			if _, ok := keep[filepath.ToSlash(rel)]; !ok && !strings.HasPrefix(d.Name(), ".") {
				return os.Remove(p)
			}
			return nil
		})
		if err != nil {
			return err
		}
	}
	for name := range listFiles {
		if _, ok := keep[name]; !ok {
			if err := os.Remove(filepath.Join(dir, name)); err != nil && !errors.Is(err, fs.ErrNotExist) {
				return err
			}
		}
	}
	top, err := os.ReadDir(dir)
	if err != nil {
		return err
	}
	for _, e := range top { // translations of the lists and of the business
		name := e.Name()
		if _, ok := keep[name]; !ok && e.Type().IsRegular() && translatedName(strings.TrimSuffix(name, ".yaml")) && textsFile(name) != nil {
			if err := os.Remove(filepath.Join(dir, name)); err != nil {
				return err
			}
		}
	}
	return nil
}

// byKey sorts a copy of items by their key, byte by byte: a folder's
// bytes do not depend on the database's collation.
func byKey[T any](items []T, key func(T) string) []T {
	out := slices.Clone(items)
	slices.SortStableFunc(out, func(a, b T) int { return strings.Compare(key(a), key(b)) })
	return out
}

func sorted(s []string) []string {
	return byKey(s, func(v string) string { return v })
}

// render is every file of the site, by its path in the folder: each item
// in the one spelling import compares (its kind's canon), so lists whose
// order means nothing are written sorted.
func render(s *Site) (map[string][]byte, error) {
	if len(s.Locations) > 1 {
		return nil, fmt.Errorf("content: %d businesses; a site's files hold one", len(s.Locations))
	}
	files := map[string][]byte{}
	var err error
	put := func(name string, v any, body string, markdown bool) {
		switch {
		case err != nil:
		case markdown:
			files[name], err = markdownOf(v, body)
		default:
			files[name], err = yamlOf(v)
		}
	}
	put(formatFile, map[string]int{"format": FormatVersion}, "", false)
	byFile := map[string]map[string]*Texts{}
	lists := map[string]string{}
	for file, kind := range listFiles {
		lists[kind] = file
	}
	for _, k := range kinds {
		var list []any
		for _, it := range k.all(s) {
			it = k.canonical(it)
			key := k.keyOf(it)
			switch v := it.(type) {
			case *Location:
				put(locationFile, v, "", false)
			case *Media:
				files[mediaDir+"/"+v.Name] = v.Data
			case *Page:
				put(pagesDir+"/"+cmp.Or(v.Path, "index")+".md", v, v.Body, true)
			case *Post:
				put(postsDir+"/"+key+".md", v, v.Body, true)
			case *Translation:
				dir := pagesDir
				if k.Name() == translationKinds[postsDir] {
					dir = postsDir
				}
				put(dir+"/"+key+".md", v, v.Body, true)
			case *Texts:
				tk := textKindNamed(k.Name())
				file, _ := tk.fileOf(key)
				switch {
				case tk.file == "" || tk.dir == "location":
					put(file, v, "", false)
				default: // one file per language, each original's texts by its key
					of, _, _ := translationOf(tk.dir, key)
					if byFile[file] == nil {
						byFile[file] = map[string]*Texts{}
					}
					byFile[file][of] = v
				}
			default:
				if lists[k.Name()] != "" {
					list = append(list, it)
				} else {
					put(k.Name()+"/"+key+".yaml", it, "", false)
				}
			}
		}
		if len(list) > 0 {
			slices.SortFunc(list, func(a, b any) int { return strings.Compare(k.keyOf(a), k.keyOf(b)) })
			put(lists[k.Name()], list, "", false)
		}
	}
	for file, texts := range byFile {
		put(file, texts, "", false)
	}
	return files, err
}

func yamlOf(v any) ([]byte, error) {
	var b bytes.Buffer
	enc := yaml.NewEncoder(&b)
	enc.SetIndent(2)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	err := enc.Close()
	return b.Bytes(), err
}

func markdownOf(front any, body string) ([]byte, error) {
	y, err := yamlOf(front)
	if err != nil {
		return nil, err
	}
	out := append([]byte("---\n"), y...)
	out = append(out, "---\n"...)
	if b := strings.TrimRight(body, " \t\r\n"); b != "" {
		out = append(out, '\n')
		out = append(out, b...)
		out = append(out, '\n')
	}
	return out, nil
}
