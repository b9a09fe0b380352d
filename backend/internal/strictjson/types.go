package strictjson

import (
	"encoding"
	"encoding/json"
	"reflect"
	"strings"
	"sync"
	"time"
	"unicode"
)

// form is what a Go type reads from JSON, as encoding/json reads it.
type form int

const (
	formAny     form = iota // interface{}, json.RawMessage: any value
	formCustom              // a json.Unmarshaler: it says itself what it takes
	formText                // an encoding.TextUnmarshaler: a string it reads
	formPointer             // null, or what its element takes
	formStruct
	formMap
	formSlice
	formArray
	formBytes // []byte: a base64 string
	formString
	formBool
	formInt
	formUint
	formFloat
	formNumber // json.Number
)

var (
	unmarshalerType     = reflect.TypeFor[json.Unmarshaler]()
	textUnmarshalerType = reflect.TypeFor[encoding.TextUnmarshaler]()
	rawMessageType      = reflect.TypeFor[json.RawMessage]()
	numberType          = reflect.TypeFor[json.Number]()
	timeType            = reflect.TypeFor[time.Time]()
)

// formOf classifies t; nil is any value.
func formOf(t reflect.Type) form {
	switch {
	case t == nil || t == rawMessageType || t.Kind() == reflect.Interface:
		return formAny
	case t == numberType:
		return formNumber
	case t.Kind() == reflect.Pointer:
		return formPointer
	case reflect.PointerTo(t).Implements(unmarshalerType):
		return formCustom
	case reflect.PointerTo(t).Implements(textUnmarshalerType):
		return formText
	}
	switch t.Kind() {
	case reflect.Struct:
		return formStruct
	case reflect.Map:
		return formMap
	case reflect.Slice:
		if t.Elem().Kind() == reflect.Uint8 {
			return formBytes
		}
		return formSlice
	case reflect.Array:
		return formArray
	case reflect.String:
		return formString
	case reflect.Bool:
		return formBool
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return formInt
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		return formUint
	case reflect.Float32, reflect.Float64:
		return formFloat
	}
	return formAny // chan, func, complex: encoding/json refuses them itself
}

// nullable tells whether null is a value t takes: "none" for a pointer,
// a map, a slice or any value. Elsewhere encoding/json would read null as
// "leave it as it was", which no documented body means.
func nullable(f form) bool {
	switch f {
	case formAny, formPointer, formMap, formSlice, formBytes:
		return true
	}
	return false
}

// expected names the JSON a type takes, as a client's developer reads it.
func expected(t reflect.Type, f form) string {
	switch f {
	case formStruct, formMap:
		return "an object"
	case formSlice, formArray:
		return "an array"
	case formBytes:
		return "a string of base64"
	case formString, formText:
		return "a string"
	case formBool:
		return "true or false"
	case formInt, formUint:
		return "a whole number"
	case formFloat, formNumber:
		return "a number"
	case formPointer:
		return expected(t.Elem(), formOf(t.Elem()))
	}
	if t == timeType {
		return "a time such as 2026-12-01T00:00:00Z"
	}
	return "a value of the documented shape"
}

// field is a struct field as JSON names it.
type field struct {
	typ    reflect.Type
	quoted bool // the ",string" option: the value is a string holding it
}

var fieldsCache sync.Map // reflect.Type → map[string]field

// fieldsOf lists the keys a struct takes, exactly as encoding/json names
// them: the json tag's name, else the Go field's; embedded structs' fields
// promoted, the shallowest (then the tagged) winning a name, and a name
// two fields claim equally taken by neither.
func fieldsOf(t reflect.Type) map[string]field {
	if f, ok := fieldsCache.Load(t); ok {
		return f.(map[string]field)
	}
	type candidate struct {
		field
		depth  int
		tagged bool
	}
	byName := map[string][]candidate{}
	// Breadth first, as encoding/json: a level's embedded structs are
	// read after the level, each type once.
	level, seen := []reflect.Type{t}, map[reflect.Type]bool{}
	for depth := 0; len(level) > 0; depth++ {
		var next []reflect.Type
		for _, st := range level {
			if seen[st] {
				continue
			}
			seen[st] = true
			for i := range st.NumField() {
				sf := st.Field(i)
				ft := sf.Type
				if sf.Anonymous && ft.Kind() == reflect.Pointer {
					ft = ft.Elem()
				}
				if !sf.IsExported() && !(sf.Anonymous && ft.Kind() == reflect.Struct) {
					continue
				}
				tag := sf.Tag.Get("json")
				if tag == "-" {
					continue
				}
				name, opts, _ := strings.Cut(tag, ",")
				if !validTagName(name) {
					name = ""
				}
				if name == "" && sf.Anonymous && ft.Kind() == reflect.Struct {
					next = append(next, ft)
					continue
				}
				if !sf.IsExported() {
					continue
				}
				quoted := false
				for _, o := range strings.Split(opts, ",") {
					quoted = quoted || o == "string" && scalar(sf.Type)
				}
				key := name
				if key == "" {
					key = sf.Name
				}
				byName[key] = append(byName[key], candidate{field{sf.Type, quoted}, depth, name != ""})
			}
		}
		level = next
	}
	fields := map[string]field{}
	for name, cs := range byName {
		shallowest := cs[0].depth
		for _, c := range cs {
			shallowest = min(shallowest, c.depth)
		}
		var top, tagged []candidate
		for _, c := range cs {
			if c.depth == shallowest {
				top = append(top, c)
				if c.tagged {
					tagged = append(tagged, c)
				}
			}
		}
		switch {
		case len(top) == 1:
			fields[name] = top[0].field
		case len(tagged) == 1:
			fields[name] = tagged[0].field
		}
	}
	fieldsCache.Store(t, fields)
	return fields
}

// scalar tells the types the ",string" option applies to.
func scalar(t reflect.Type) bool {
	if t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	switch t.Kind() {
	case reflect.Bool, reflect.String, reflect.Float32, reflect.Float64,
		reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		return true
	}
	return false
}

// validTagName is encoding/json's rule for a tag's name; a name it
// refuses leaves the field its Go name there, and so here.
func validTagName(s string) bool {
	if s == "" {
		return false
	}
	for _, c := range s {
		switch {
		case strings.ContainsRune("!#$%&()*+-./:;<=>?@[]^_{|}~ ", c):
		case !unicode.IsLetter(c) && !unicode.IsDigit(c):
			return false
		}
	}
	return true
}
