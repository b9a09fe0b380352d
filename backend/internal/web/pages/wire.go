package pages

// The wire types every feature shares besides the payload (payload.go):
// the one error shape of the APIs and a refused form post as its page
// shows it. Each feature's own are in web's *_wire.go; ui/src/generated/pages.ts
// is generated from these files (tygo.yaml, make types); a test fails when
// it drifts.

// ActionResult is a form post that failed, as its page shows it
// (Payload.Action): the message, the invalid fields, and the values sent.
type ActionResult struct {
	Message string                `json:"message"`
	Code    string                `json:"code,omitempty"` // the API's error code, when the error has one
	Fields  map[string]FieldError `json:"fields,omitempty"`
	Values  map[string]string     `json:"values"`
	// Lists are the fields sent with several values (a multiple choice).
	Lists map[string][]string `json:"lists,omitempty"`
}

// FieldError is one invalid field: its message id and the text in the
// request's language.
type FieldError struct {
	ID      string `json:"id"`
	Message string `json:"message"`
}

// APIErrorBody is the one error shape of every API (docs/api.md).
type APIErrorBody struct {
	Code      string                `json:"code"`
	Message   string                `json:"message"`
	MessageID string                `json:"messageId,omitempty"`
	Fields    map[string]FieldError `json:"fields,omitempty"`
}

// APIErrorResponse wraps it: {"error": {...}}.
type APIErrorResponse struct {
	Error APIErrorBody `json:"error"`
}
