package notify

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
)

// Renderer calls a global function of the server bundle (ssr.Pool does).
type Renderer interface {
	Call(ctx context.Context, fn string, args ...string) (string, error)
}

// ErrRender wraps every failure of Compose.
var ErrRender = errors.New("notify: unable to render e-mail")

// Compose renders the subject, plain text and HTML of a kind of e-mail with
// the server bundle's renderEmail(kind, dataJSON), so that dates, times and
// zones read exactly as on the pages. data is usually an EmailData.
func Compose(ctx context.Context, r Renderer, kind string, data any) (subject, text, html string, err error) {
	payload, err := json.Marshal(data)
	if err != nil {
		return "", "", "", fmt.Errorf("%w %s: %v", ErrRender, kind, err)
	}
	out, err := r.Call(ctx, "renderEmail", kind, string(payload))
	if err != nil {
		return "", "", "", fmt.Errorf("%w %s: %w", ErrRender, kind, err)
	}
	var res RenderedEmail
	if err := json.Unmarshal([]byte(out), &res); err != nil {
		return "", "", "", fmt.Errorf("%w %s: the bundle answered %.80q: %v", ErrRender, kind, out, err)
	}
	if res.Subject == "" || res.Text == "" {
		return "", "", "", fmt.Errorf("%w %s: empty subject or text", ErrRender, kind)
	}
	return res.Subject, res.Text, res.HTML, nil
}
