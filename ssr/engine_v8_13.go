//go:build !v8go_rogchap

package ssr

// The engine: github.com/tommie/v8go, a maintained fork of rogchap.com/v8go
// with the same API over V8 13.6. Against V8 11.1 (rogchap.com/v8go
// v0.9.0) it renders the booking page about 1.5 times as fast: Maglev, V8's
// mid-tier compiler, is on by default from 11.7. Build with -tags
// v8go_rogchap for the older engine (engine_v8_11.go); nothing else in the
// package names either.

import "C" // isoc23.c

import v8go "github.com/tommie/v8go"

// Engine names the JavaScript engine pages render in (logged at start).
const Engine = "V8 13.6 (github.com/tommie/v8go v0.34.0)"

type (
	v8Isolate              = v8go.Isolate
	v8Context              = v8go.Context
	v8Object               = v8go.Object
	v8Value                = v8go.Value
	v8Valuer               = v8go.Valuer
	v8FunctionCallbackInfo = v8go.FunctionCallbackInfo
	v8JSError              = v8go.JSError
)

const (
	promisePending   = v8go.Pending
	promiseFulfilled = v8go.Fulfilled
	promiseRejected  = v8go.Rejected
)

func newIsolate() *v8Isolate                           { return v8go.NewIsolate() }
func newContext(iso *v8Isolate) *v8Context             { return v8go.NewContext(iso) }
func newValue(iso *v8Isolate, v any) (*v8Value, error) { return v8go.NewValue(iso, v) }

func newFunction(iso *v8Isolate, ctx *v8Context, fn func(*v8FunctionCallbackInfo) *v8Value) *v8go.Function {
	return v8go.NewFunctionTemplate(iso, fn).GetFunction(ctx)
}
