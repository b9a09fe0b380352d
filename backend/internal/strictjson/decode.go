// Package strictjson reads a JSON body exactly as the admin API documents
// it, so that whatever reads the same bytes (a validating proxy, another
// parser) sees the same request the server acts on; encoding/json matches
// keys in any case, keeps the last of a key given twice and reads invalid
// UTF-8 and lone surrogates as U+FFFD.
//
// The reading is github.com/go-json-experiment/json's (encoding/json/v2),
// strict by default but for unknown keys, which are refused here too. On
// top, an empty or null body is refused, and the library's errors, which
// name Go types, are told in JSON's words with the field's path
// (explain.go). A type that decodes itself stays as strict with an
// UnmarshalJSONFrom calling json.UnmarshalDecode, which reads with the
// options of the body around it.
package strictjson

import (
	"bytes"
	"cmp"
	"fmt"
	"reflect"
	"slices"
	"strings"

	"github.com/go-json-experiment/json"
	"github.com/go-json-experiment/json/jsontext"
)

// Decode reads body, one JSON value, into v, a non-nil pointer. A body of
// the wrong shape is a *ShapeError; one whose strings are not all text is
// a *TextError naming the first. Either way v is left as it was.
func Decode(body []byte, v any) error {
	rv := reflect.ValueOf(v)
	if rv.Kind() != reflect.Pointer || rv.IsNil() {
		panic("strictjson: Decode needs a non-nil pointer")
	}
	switch trimmed := bytes.TrimSpace(body); {
	case len(trimmed) == 0:
		return &ShapeError{Problem: "is empty"}
	case string(trimmed) == "null": // the library reads it as "zero": no request at all
		return &ShapeError{Problem: wrongType(rv.Type().Elem(), 'n')}
	}
	// The library fills in as it reads: a fresh value takes the first
	// reading, so that a refused body leaves v as it was.
	opts := json.RejectUnknownMembers(true)
	if err := json.Unmarshal(body, reflect.New(rv.Type().Elem()).Interface(), opts); err != nil {
		return explain(body, err)
	}
	return explain(body, json.Unmarshal(body, v, opts))
}

// A ShapeError is a body that is not of the documented shape, said with
// the field's JSON path ("reminders.0.to"; "The body" for the body) in
// words a client's developer reads: "reminders.0.to must be a string, not
// a number", "The body has the key \"url\" twice".
type ShapeError struct {
	Path    string // the field's JSON path; "" is the body itself
	Key     string // the key a problem is with (given twice, unknown), if any
	Problem string // what is wrong, said after the field, or after "has the key …"
}

func (e *ShapeError) Error() string { return cmp.Or(e.Path, "The body") + " " + e.Reason() }

// Reason is the error without the field's path, for a caller that names
// the field itself.
func (e *ShapeError) Reason() string {
	if e.Key != "" {
		return fmt.Sprintf("has the key %q%s", e.Key, e.Problem)
	}
	return e.Problem
}

// A TextError names a string that is not text: invalid UTF-8, or a
// surrogate escape without its pair ("\ud800"). The library stops at the
// first, so Fields holds one JSON path; for a key, the object's.
type TextError struct {
	Fields []string
}

// TextProblem is what a field of a TextError is told.
const TextProblem = "is not text: invalid UTF-8, or a surrogate escape without its pair (such as \\ud800)"

func (e *TextError) Error() string { return strings.Join(e.Fields, ", ") + " " + TextProblem }

// pathOf writes a JSON Pointer ("/reminders/0/to") as the API names a
// field ("reminders.0.to").
func pathOf(p jsontext.Pointer) string { return strings.Join(slices.Collect(p.Tokens()), ".") }
