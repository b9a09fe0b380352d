// Package strictjson reads a JSON body exactly as the admin API documents
// it, so that whatever reads the same bytes (a validating proxy, another
// parser) sees the same request the server acts on. encoding/json alone
// is looser: it matches keys without regard to case, keeps the last of a
// key given twice, reads null as "leave it", turns invalid UTF-8 and lone
// surrogates into U+FFFD without a word, and names Go types in its errors.
//
// Decode first walks the body's tokens against the destination's Go type
// (json tags, nested structs, slices and maps) and refuses, in the API's
// own words: a key given twice, a key that is not a field as written, null
// where a value is required, a value of another JSON type, a number out of
// range, and strings that are not text. Only then does encoding/json
// decode it, so nothing is filled in from a body that is refused. The walk
// reads each byte a fixed number of times: linear in the body's size.
package strictjson

import (
	"bytes"
	"cmp"
	"encoding/json"
	"fmt"
	"reflect"
	"strings"
)

// MaxDepth is how deeply objects and arrays may nest: far more than any
// documented body, and a bound on the walk's recursion.
const MaxDepth = 64

// Decode reads body, one JSON value, into v, a non-nil pointer. A body of
// the wrong shape is a *ShapeError (nothing is decoded); one of the right
// shape whose strings are not all text is a *TextError naming each.
func Decode(body []byte, v any) error {
	rv := reflect.ValueOf(v)
	if rv.Kind() != reflect.Pointer || rv.IsNil() {
		panic("strictjson: Decode needs a non-nil pointer")
	}
	if len(bytes.TrimSpace(body)) == 0 {
		return &ShapeError{Problem: "is empty"}
	}
	w := newWalker(body)
	if err := w.document(rv.Type().Elem()); err != nil {
		return err
	}
	if len(w.badText) > 0 {
		return &TextError{Fields: w.badText}
	}
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.DisallowUnknownFields() // the walk checked every key already: a second guard
	if err := dec.Decode(v); err != nil {
		// Only a type that decodes itself differently the second time gets
		// here; its words may name Go types, so they stay in the log.
		return &ShapeError{Problem: "is not of the documented shape"}
	}
	return nil
}

// A ShapeError is a body that is not of the documented shape. Its Error
// names the field by its JSON path ("reminders.0.to"; the body itself is
// "The body") and says what is wrong in words a client's developer reads:
// "reminders.0.to must be a string, not a number", "The body has the key
// \"url\" twice".
type ShapeError struct {
	Path    string // the field's JSON path; "" is the body itself
	Key     string // the key a problem is with (given twice, unknown), if any
	Problem string // what is wrong, said after the field, or after "has the key …"
}

func (e *ShapeError) Error() string {
	return cmp.Or(e.Path, "The body") + " " + e.Reason()
}

// Reason is the error without the field's path, for a caller that names
// the field itself.
func (e *ShapeError) Reason() string {
	if e.Key != "" {
		return fmt.Sprintf("has the key %q%s", e.Key, e.Problem)
	}
	return e.Problem
}

// under moves the error below path: a value that decodes itself (with
// Decode too) reports paths from its own start.
func (e *ShapeError) under(path string) *ShapeError {
	return &ShapeError{Path: joinPath(path, e.Path), Key: e.Key, Problem: e.Problem}
}

// A TextError names the strings of a body, otherwise of its documented
// shape, that are not text: invalid UTF-8, or a surrogate escape without
// its pair ("\ud800"). Fields are JSON paths as ShapeError's; a key that
// is not text is named by its path with the key read as U+FFFD.
type TextError struct {
	Fields []string
}

// TextProblem is what a field of a TextError is told.
const TextProblem = "is not text: invalid UTF-8, or a surrogate escape without its pair (such as \\ud800)"

func (e *TextError) Error() string {
	return strings.Join(e.Fields, ", ") + " " + TextProblem
}

func joinPath(parent, child string) string {
	switch {
	case parent == "":
		return child
	case child == "":
		return parent
	}
	return parent + "." + child
}
