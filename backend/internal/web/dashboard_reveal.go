package web

import "context"

// A secret a form makes (an API token's, a webhook's signing secret) is
// shown once, on the answer to the post that made it, rather than after a
// redirect: it is kept nowhere to be shown again, and put in no address,
// which history, logs and a Referer would keep. The action reveals it;
// pageAction then answers with the page itself, whose loader reads it.

type revealKey struct{}

// revealed is a secret shown once: whose it is (token, webhook), what it
// opens (the token's name, the endpoint's address) and the secret.
type revealed struct{ kind, name, secret string }

func withReveal(ctx context.Context) context.Context {
	return context.WithValue(ctx, revealKey{}, &revealed{})
}

// reveal shows secret, of kind and name, on the answer to this post.
func reveal(ctx context.Context, kind, name, secret string) {
	if r, ok := ctx.Value(revealKey{}).(*revealed); ok {
		r.kind, r.name, r.secret = kind, name, secret
	}
}

// revealedOf is the secret this post revealed; nil for none.
func revealedOf(ctx context.Context) *revealed {
	if r, ok := ctx.Value(revealKey{}).(*revealed); ok && r.secret != "" {
		return r
	}
	return nil
}
