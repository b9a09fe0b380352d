package strictjson

import (
	"cmp"
	"encoding"
	"errors"
	"fmt"
	"io"
	"reflect"
	"strconv"
	"strings"
	"time"

	"github.com/go-json-experiment/json"
	"github.com/go-json-experiment/json/jsontext"
)

// explain tells the library's error about body in the API's words: its
// own name Go types, so only those about JSON's syntax are kept.
func explain(body []byte, err error) error {
	var syntax *jsontext.SyntacticError
	var semantic *json.SemanticError
	switch {
	case err == nil:
		return nil
	case errors.As(err, &syntax) && syntax.Err == jsontext.ErrDuplicateName:
		return &ShapeError{Path: pathOf(syntax.JSONPointer.Parent()), Key: syntax.JSONPointer.LastToken(), Problem: " twice"}
	case errors.As(err, &syntax) && notText(body, syntax.ByteOffset):
		return &TextError{Fields: []string{pathOf(syntax.JSONPointer)}}
	case errors.As(err, &syntax) && syntax.Err != io.ErrUnexpectedEOF:
		return &ShapeError{Problem: fmt.Sprintf("is not JSON: %s (at byte %d)", syntax.Err, syntax.ByteOffset)}
	case !errors.As(err, &semantic): // io.ErrUnexpectedEOF, bare or in a SyntacticError
		return &ShapeError{Problem: "ends before its JSON value does"}
	case semantic.Err == json.ErrUnknownName:
		key := semantic.JSONPointer.LastToken()
		return &ShapeError{Path: pathOf(semantic.JSONPointer.Parent()), Key: key, Problem: ", which is not a field" + sameButCase(semantic.GoType, key)}
	}
	return &ShapeError{Path: pathOf(semantic.JSONPointer), Problem: problemOf(semantic)}
}

// notText tells whether the syntax error at offset is a string's that is
// not text: read with invalid UTF-8 and lone surrogates let through, the
// body gets past offset. (The library's words say so too, but its words
// are not its API.)
func notText(body []byte, offset int64) bool {
	err := json.Unmarshal(body, new(jsontext.Value), jsontext.AllowInvalidUTF8(true), jsontext.AllowDuplicateNames(true))
	var again *jsontext.SyntacticError
	return !errors.As(err, &again) || again.ByteOffset > offset
}

// problemOf says what is wrong with a value the library would not put
// into its Go type.
func problemOf(e *json.SemanticError) string {
	t, want, sent := e.GoType, expected(e.GoType), strings.Trim(string(e.JSONValue), `"`)
	switch {
	case e.Err == nil || t == nil:
		return wrongType(t, e.JSONKind)
	case t == timeType: // its own words name Go's layout
		return "must be " + want
	case decodesItself(t), reflect.PointerTo(t).Implements(textUnmarshalerType) && e.JSONKind == '"':
		return "is not valid: " + e.Err.Error() // its own words, meant for the client
	case t.Kind() == reflect.Array:
		return fmt.Sprintf("must be an array of %d items", t.Len())
	case want == whole && strings.ContainsAny(sent, ".eE"):
		return "must be a whole number, not " + sent[:min(len(sent), 24)]
	case want == whole && t.Kind() <= reflect.Int64: // reflect's Int kinds come before its Uint kinds
		lo := int64(-1) << (t.Bits() - 1)
		return fmt.Sprintf("must be a whole number from %d to %d", lo, -(lo + 1))
	case want == whole:
		return fmt.Sprintf("must be a whole number from 0 to %d", uint64(1)<<t.Bits()-1)
	case want == "a number":
		return "must be a number within range"
	case want != "" && want != kindNames[e.JSONKind]: // a string that is no time, no base64
		return "must be " + want
	}
	return "is not of the documented shape" // the Go type itself takes no JSON: a fault of ours
}

// wrongType says that a value of the kind sent is not what t takes.
func wrongType(t reflect.Type, sent jsontext.Kind) string {
	switch want := expected(t); {
	case want == "" && sent == 'n':
		return "may not be null"
	case want == "":
		return "is not of the documented shape" // the library's words would name Go types
	case kindNames[sent] == "":
		return "must be " + want
	default:
		return "must be " + want + ", not " + kindNames[sent]
	}
}

var kindNames = map[jsontext.Kind]string{'n': "null", 't': "true", 'f': "false",
	'"': "a string", '0': "a number", '[': "an array", '{': "an object"}

var (
	unmarshalerType     = reflect.TypeFor[json.Unmarshaler]()
	unmarshalerFromType = reflect.TypeFor[json.UnmarshalerFrom]()
	textUnmarshalerType = reflect.TypeFor[encoding.TextUnmarshaler]()
	timeType            = reflect.TypeFor[time.Time]()
)

// decodesItself tells a type that says itself what JSON it takes.
func decodesItself(t reflect.Type) bool {
	return reflect.PointerTo(t).Implements(unmarshalerType) || reflect.PointerTo(t).Implements(unmarshalerFromType)
}

// expected names the JSON a Go type takes, as a client's developer reads
// it; "" for a type that takes any JSON or says itself what it takes.
func expected(t reflect.Type) string {
	switch {
	case t == nil:
		return ""
	case t == timeType:
		return "a time such as 2026-12-01T00:00:00Z"
	case t.Kind() == reflect.Pointer:
		return expected(t.Elem())
	case decodesItself(t):
		return ""
	case reflect.PointerTo(t).Implements(textUnmarshalerType):
		return "a string"
	case t.Kind() == reflect.Slice && t.Elem().Kind() == reflect.Uint8:
		return "a string of base64"
	}
	return kindWords[t.Kind()]
}

var kindWords = map[reflect.Kind]string{
	reflect.Struct: "an object", reflect.Map: "an object", reflect.Slice: "an array", reflect.Array: "an array",
	reflect.String: "a string", reflect.Bool: "true or false", reflect.Float32: "a number", reflect.Float64: "a number",
	reflect.Int: whole, reflect.Int8: whole, reflect.Int16: whole, reflect.Int32: whole, reflect.Int64: whole,
	reflect.Uint: whole, reflect.Uint8: whole, reflect.Uint16: whole, reflect.Uint32: whole, reflect.Uint64: whole, reflect.Uintptr: whole,
}

const whole = "a whole number"

// sameButCase names the field a key matches but for case, if any: the
// client likely meant that one.
func sameButCase(t reflect.Type, key string) string {
	if t == nil || t.Kind() != reflect.Struct {
		return ""
	}
	for _, f := range reflect.VisibleFields(t) {
		name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		if name = cmp.Or(name, f.Name); f.IsExported() && !f.Anonymous && name != "-" && strings.EqualFold(name, key) {
			return ": keys are matched as written, and the field is " + strconv.Quote(name)
		}
	}
	return ""
}
