//go:build v8go_rogchap

package ssr

// The older engine, rogchap.com/v8go over V8 11.1, chosen with -tags
// v8go_rogchap: the same API as the default (engine_v8_13.go), kept so the
// two can be compared and either one shipped.

import v8go "rogchap.com/v8go"

// Engine names the JavaScript engine pages render in (logged at start).
const Engine = "V8 11.1 (rogchap.com/v8go v0.9.0)"

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
