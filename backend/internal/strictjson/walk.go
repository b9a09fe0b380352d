package strictjson

import (
	"bytes"
	"encoding"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"reflect"
	"strconv"
	"strings"
)

// walker reads a body's tokens once, in step with the Go type they are
// decoded into, and says what is not of its documented shape.
type walker struct {
	body    []byte
	dec     *json.Decoder
	path    []string // keys and indexes from the body to the value read
	badText []string // the paths of strings that are not text
}

func newWalker(body []byte) *walker {
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.UseNumber() // a number is checked against its field, not read as float64
	return &walker{body: body, dec: dec}
}

// document reads the body: one value of type t, then nothing.
func (w *walker) document(t reflect.Type) error {
	if err := w.value(t, 0); err != nil {
		return err
	}
	if _, err := w.dec.Token(); err != io.EOF {
		return &ShapeError{Problem: "holds more than one JSON value"}
	}
	return nil
}

func (w *walker) where() string { return strings.Join(w.path, ".") }

func (w *walker) problem(format string, args ...any) *ShapeError {
	return &ShapeError{Path: w.where(), Problem: fmt.Sprintf(format, args...)}
}

// token reads the next token and tells whether it is text: a string's
// literal is judged from the bytes sent, before encoding/json mended it.
func (w *walker) token() (tok json.Token, text bool, err error) {
	start := w.dec.InputOffset()
	if tok, err = w.dec.Token(); err != nil {
		return nil, false, syntaxError(err)
	}
	if _, isString := tok.(string); isString {
		lit := w.body[start:w.dec.InputOffset()] // a ',' or ':' and spaces, then the literal
		return tok, isText(lit[bytes.IndexByte(lit, '"'):]), nil
	}
	return tok, true, nil
}

func syntaxError(err error) *ShapeError {
	var se *json.SyntaxError
	switch {
	case errors.Is(err, io.EOF), errors.Is(err, io.ErrUnexpectedEOF):
		return &ShapeError{Problem: "ends before its JSON value does"}
	case errors.As(err, &se):
		return &ShapeError{Problem: fmt.Sprintf("is not JSON: %s (at byte %d)", strings.TrimPrefix(se.Error(), "json: "), se.Offset)}
	}
	return &ShapeError{Problem: "is not JSON"}
}

// value reads one value of type t (nil: any value) at the path.
func (w *walker) value(t reflect.Type, depth int) error {
	start := w.dec.InputOffset()
	tok, text, err := w.token()
	if err != nil {
		return err
	}
	if !text {
		w.badText = append(w.badText, w.where())
	}
	return w.valueFrom(tok, start, t, depth)
}

// valueFrom reads the value tok begins (at start in the body) as t.
func (w *walker) valueFrom(tok json.Token, start int64, t reflect.Type, depth int) error {
	f := formOf(t)
	if tok == nil {
		switch {
		case depth > 0 && nullable(f):
			return nil
		case f == formAny || f == formCustom:
			return w.problem("may not be null")
		}
		return w.wrongType(t, f, tok)
	}
	switch f {
	case formAny:
		if n, ok := tok.(json.Number); ok && t != rawMessageType {
			return w.number(string(n), reflect.TypeFor[float64](), formFloat) // any value holds a number as float64
		}
		return w.skip(tok, depth)
	case formCustom:
		return w.custom(tok, start, t, depth)
	case formPointer:
		return w.valueFrom(tok, start, t.Elem(), depth)
	case formStruct:
		if tok == json.Delim('{') {
			return w.object(depth, func(key string) (field, error) { return w.structMember(t, key) })
		}
	case formMap:
		if tok == json.Delim('{') {
			return w.object(depth, func(key string) (field, error) { return w.mapMember(t, key) })
		}
	case formSlice, formArray:
		if tok == json.Delim('[') {
			limit := -1
			if f == formArray {
				limit = t.Len()
			}
			return w.array(t.Elem(), limit, depth)
		}
	case formBytes:
		if s, ok := tok.(string); ok {
			if _, err := base64.StdEncoding.DecodeString(s); err != nil {
				return w.problem("must be a string of base64")
			}
			return nil
		}
	case formText:
		if s, ok := tok.(string); ok {
			if err := reflect.New(t).Interface().(encoding.TextUnmarshaler).UnmarshalText([]byte(s)); err != nil {
				return w.problem("is not valid: %s", err)
			}
			return nil
		}
	case formString:
		if _, ok := tok.(string); ok {
			return nil
		}
	case formBool:
		if _, ok := tok.(bool); ok {
			return nil
		}
	case formInt, formUint, formFloat, formNumber:
		if n, ok := tok.(json.Number); ok {
			return w.number(string(n), t, f)
		}
	}
	return w.wrongType(t, f, tok)
}

func (w *walker) wrongType(t reflect.Type, f form, tok json.Token) error {
	return w.problem("must be %s, not %s", expected(t, f), sent(tok))
}

// sent names the JSON type of what was sent.
func sent(tok json.Token) string {
	switch v := tok.(type) {
	case nil:
		return "null"
	case string:
		return "a string"
	case json.Number:
		return "a number"
	case bool:
		return strconv.FormatBool(v)
	case json.Delim:
		if v == '[' {
			return "an array"
		}
	}
	return "an object"
}

// structMember is the field a struct's key names: exactly, case and all.
// encoding/json would match "URL" to url; a validating proxy in front
// would not, and the two would read different requests.
func (w *walker) structMember(t reflect.Type, key string) (field, error) {
	fields := fieldsOf(t)
	if f, ok := fields[key]; ok {
		return f, nil
	}
	for name := range fields {
		if strings.EqualFold(name, key) {
			return field{}, &ShapeError{Path: w.where(), Key: key,
				Problem: fmt.Sprintf(", which is not a field: keys are matched as written, and the field is %q", name)}
		}
	}
	return field{}, &ShapeError{Path: w.where(), Key: key, Problem: ", which is not a field"}
}

// mapMember checks a map's key as encoding/json reads it: any string, or
// a whole number for a map keyed by numbers.
func (w *walker) mapMember(t reflect.Type, key string) (field, error) {
	kt := t.Key()
	var err error
	switch {
	case reflect.PointerTo(kt).Implements(textUnmarshalerType):
		err = reflect.New(kt).Interface().(encoding.TextUnmarshaler).UnmarshalText([]byte(key))
	case kt.Kind() == reflect.String:
	case formOf(kt) == formInt:
		_, err = strconv.ParseInt(key, 10, kt.Bits())
	case formOf(kt) == formUint:
		_, err = strconv.ParseUint(key, 10, kt.Bits())
	}
	if err != nil {
		return field{}, &ShapeError{Path: w.where(), Key: key, Problem: ", which is not a key it takes"}
	}
	return field{typ: t.Elem()}, nil
}

// object reads an object's members after its '{': each key once, the
// member function saying what its value is.
func (w *walker) object(depth int, member func(key string) (field, error)) error {
	if depth >= MaxDepth {
		return w.problem("nests deeper than %d levels", MaxDepth)
	}
	seen := map[string]bool{}
	for w.dec.More() {
		tok, text, err := w.token()
		if err != nil {
			return err
		}
		key, _ := tok.(string) // in a key's place, Token gives a string or an error
		if !text {
			w.badText = append(w.badText, joinPath(w.where(), key))
		}
		if seen[key] {
			return &ShapeError{Path: w.where(), Key: key, Problem: " twice"}
		}
		seen[key] = true
		f, err := member(key)
		if err != nil {
			return err
		}
		w.path = append(w.path, key)
		if f.quoted {
			err = w.quoted(f.typ)
		} else {
			err = w.value(f.typ, depth+1)
		}
		w.path = w.path[:len(w.path)-1]
		if err != nil {
			return err
		}
	}
	return w.end()
}

// array reads an array's items after its '[', at most limit (-1: any
// number) of type elem.
func (w *walker) array(elem reflect.Type, limit, depth int) error {
	if depth >= MaxDepth {
		return w.problem("nests deeper than %d levels", MaxDepth)
	}
	for i := 0; w.dec.More(); i++ {
		if i == limit {
			return w.problem("holds at most %d items", limit)
		}
		w.path = append(w.path, strconv.Itoa(i))
		err := w.value(elem, depth+1)
		w.path = w.path[:len(w.path)-1]
		if err != nil {
			return err
		}
	}
	return w.end()
}

// end reads the '}' or ']' that closes an object or array.
func (w *walker) end() error {
	_, _, err := w.token()
	return err
}

// skip reads the rest of a value of any shape that tok begins: its keys
// and strings are checked all the same.
func (w *walker) skip(tok json.Token, depth int) error {
	switch tok {
	case json.Delim('{'):
		return w.object(depth, func(string) (field, error) { return field{}, nil })
	case json.Delim('['):
		return w.array(nil, -1, depth)
	}
	return nil
}

// quoted reads a field with the ",string" option: a string, whose
// content encoding/json then reads.
func (w *walker) quoted(t reflect.Type) error {
	tok, text, err := w.token()
	if err != nil {
		return err
	}
	if !text {
		w.badText = append(w.badText, w.where())
	}
	if _, ok := tok.(string); !ok && !(tok == nil && nullable(formOf(t))) {
		return w.problem("must be a string, not %s", sent(tok))
	}
	return nil
}

// custom reads a value of a type that decodes itself: its keys and
// strings are checked here, the rest by its own UnmarshalJSON, whose
// error is told at the value's path (a type that decodes with Decode
// too reports paths of its own, which go below this one).
func (w *walker) custom(tok json.Token, start int64, t reflect.Type, depth int) error {
	before := len(w.badText)
	if err := w.skip(tok, depth); err != nil {
		return err
	}
	if len(w.badText) > before {
		return nil // refused for its text already
	}
	raw := bytes.TrimLeft(w.body[start:w.dec.InputOffset()], " \t\r\n,:")
	err := reflect.New(t).Interface().(json.Unmarshaler).UnmarshalJSON(raw)
	var shape *ShapeError
	var text *TextError
	var typeErr *json.UnmarshalTypeError
	var syntaxErr *json.SyntaxError
	switch {
	case err == nil:
		return nil
	case errors.As(err, &shape):
		return shape.under(w.where())
	case errors.As(err, &text):
		for _, f := range text.Fields {
			w.badText = append(w.badText, joinPath(w.where(), f))
		}
		return nil
	case t == timeType:
		return w.problem("must be %s", expected(t, formCustom))
	case errors.As(err, &typeErr), errors.As(err, &syntaxErr):
		return w.problem("is not of the documented shape") // their words name Go types
	}
	return w.problem("is not valid: %s", err)
}

// number checks a number against the type it goes into.
func (w *walker) number(s string, t reflect.Type, f form) error {
	var err error
	switch f {
	case formInt:
		if _, err = strconv.ParseInt(s, 10, t.Bits()); err != nil && whole(s) {
			lo := int64(-1) << (t.Bits() - 1)
			return w.problem("must be a whole number from %d to %d", lo, -(lo + 1))
		}
	case formUint:
		if _, err = strconv.ParseUint(s, 10, t.Bits()); err != nil && whole(s) {
			return w.problem("must be a whole number from 0 to %d", uint64(1)<<t.Bits()-1)
		}
	case formFloat:
		if _, err = strconv.ParseFloat(s, t.Bits()); err != nil {
			return w.problem("must be a number within range")
		}
	}
	if err != nil {
		if len(s) > 24 {
			s = s[:24] + "…"
		}
		return w.problem("must be a whole number, not %s", s)
	}
	return nil
}

// whole tells a number written without a fraction or an exponent.
func whole(s string) bool { return !strings.ContainsAny(s, ".eE") }
