package ssr

import (
	"fmt"
	"log/slog"
)

// prelude runs in every fresh context before the bundle. It evaluates to a
// function that receives the Go log sink (a FunctionTemplate instance) and
// installs console plus the self/global aliases. The sink is only captured by
// the closure, never exposed as a global. Formatting happens in JS, inside
// try/catch, so console.log(circular) or a throwing toString never turns into
// an exception in the caller's code. window is deliberately not defined:
// libraries such as React would take it as a sign they run in a browser.
const prelude = `(function (sink) {
  "use strict";
  function fmt(v) {
    try {
      if (typeof v === "string") return v;
      if (v instanceof Error) return v.stack || String(v);
      if (typeof v === "object" && v !== null) return JSON.stringify(v);
      return String(v);
    } catch (e) {
      try { return Object.prototype.toString.call(v); } catch (e2) { return "[unprintable]"; }
    }
  }
  function make(level) {
    return function () {
      var parts = [];
      for (var i = 0; i < arguments.length; i++) parts.push(fmt(arguments[i]));
      sink(level, parts.join(" "));
    };
  }
  globalThis.console = {
    log: make("info"), info: make("info"), debug: make("debug"),
    warn: make("warn"), error: make("error")
  };
  globalThis.self = globalThis;
  globalThis.global = globalThis;
})`

var consoleLevels = map[string]slog.Level{
	"debug": slog.LevelDebug,
	"info":  slog.LevelInfo,
	"warn":  slog.LevelWarn,
	"error": slog.LevelError,
}

// installConsole runs the prelude in w.ctx. Every value created on the way
// is released before returning.
func (w *worker) installConsole() error {
	sink := newFunction(w.iso, w.ctx, w.consoleSink)
	defer sink.Release()

	setup, err := w.ctx.RunScript(prelude, "ssr:prelude.js")
	if err != nil {
		return fmt.Errorf("ssr: prelude: %w", fromV8(err))
	}
	defer setup.Release()
	fn, err := setup.AsFunction()
	if err != nil {
		return fmt.Errorf("ssr: prelude: %w", err)
	}
	res, err := fn.Call(w.global, sink)
	if err != nil {
		return fmt.Errorf("ssr: prelude: %w", fromV8(err))
	}
	res.Release()
	return nil
}

// consoleSink is called as sink(level, text) on the worker's goroutine while
// JS runs, so reading w.reqCtx is safe. It logs with the caller's context so
// handlers can attach request-scoped attributes.
func (w *worker) consoleSink(info *v8FunctionCallbackInfo) *v8Value {
	defer info.Release()
	args := info.Args()
	if len(args) < 2 {
		return nil
	}
	level, ok := consoleLevels[args[0].String()]
	if !ok {
		level = slog.LevelInfo
	}
	w.pool.log.Log(w.reqCtx, level, args[1].String(), "source", "js", "worker", w.id)
	return nil
}
