package ssr

import (
	"errors"
	"strings"
)

var (
	// ErrClosed is returned by Render and Call once Close has been called.
	ErrClosed = errors.New("ssr: pool closed")
	// ErrTimeout is wrapped by the error returned when a call runs past
	// Options.Deadline and its execution is terminated.
	ErrTimeout = errors.New("ssr: render deadline exceeded")
)

// JSError is a JavaScript exception thrown (or a promise rejection returned)
// by the bundle.
type JSError struct {
	// Message is the exception converted to a string, e.g. "Error: boom".
	Message string
	// Location is "file:line:column" of the throw when V8 knows it.
	Location string
	// Stack is the exception's stack trace (its "stack" property), which
	// starts with the message; empty when the thrown value has none.
	Stack string
}

// Error returns the message and, when known, where it was thrown.
func (e *JSError) Error() string {
	if loc := e.location(); loc != "" {
		return "ssr: js: " + e.Message + " (at " + loc + ")"
	}
	return "ssr: js: " + e.Message
}

// location is Location, or else the first frame of Stack.
func (e *JSError) location() string {
	if e.Location != "" {
		return e.Location
	}
	return firstFrame(e.Stack)
}

// firstFrame extracts "fn (file:line:col)" from the first "    at ..." line.
func firstFrame(stack string) string {
	const marker = "\n    at "
	i := strings.Index(stack, marker)
	if i < 0 {
		return ""
	}
	frame, _, _ := strings.Cut(stack[i+len(marker):], "\n")
	return frame
}

// fromV8 converts v8go's exception type into ours; other errors pass through.
func fromV8(err error) error {
	var e *v8JSError
	if errors.As(err, &e) {
		return &JSError{Message: e.Message, Location: e.Location, Stack: e.StackTrace}
	}
	return err
}
