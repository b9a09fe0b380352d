package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"text/tabwriter"
	"time"

	"slotwise/backend/internal/admin"
	"slotwise/backend/internal/config"
)

// tokenCommand makes, lists and revokes bearer tokens of the admin API.
func tokenCommand() *command {
	var name, scope, business string
	var operator bool
	return &command{name: "token", synopsis: "create|list|revoke [NAME]", minArgs: 1, maxArgs: 2,
		summary: "create, list or revoke a token of the admin API",
		detail: `  create --name NAME [--scope read|write] [--operator]   print a new token once, alone on the last line
  list                                       the tokens, live and revoked (never their secrets)
  revoke NAME                                end a token by its name or prefix, at once

A token is one business's (--business) and sees and changes only it. With
--operator, the token is the deployment's: it manages businesses and their
hostnames (/api/admin/operator) and reads nothing of their content.

Only the token's SHA-256 is kept: a lost token cannot be shown again; revoke it and create another.`,
		flags: func(fs *flag.FlagSet, cfg *config.Config) {
			cfg.DatabaseFlags(fs)
			fs.StringVar(&name, "name", "", "the token's `NAME`, e.g. crm (create)")
			fs.StringVar(&scope, "scope", admin.ScopeWrite, "`read` or write (create)")
			fs.StringVar(&business, "business", "", "the business whose token it is: it sees and changes only that business (`SLUG`; default: the default business)")
			fs.BoolVar(&operator, "operator", false, "the operator's tokens, which manage businesses and hostnames")
		},
		run: func(ctx context.Context, inv *invocation) error {
			action := inv.args[0]
			switch {
			case action == "create" && name == "":
				return &usageError{"usage: slotwise token create --name NAME [--scope read|write]"}
			case operator && scope != admin.ScopeWrite:
				return &usageError{"an operator token has no read or write scope: give --operator alone"}
			case operator && business != "":
				return &usageError{"an operator token is the deployment's, not a business's: give --operator or --business"}
			case action == "create" && scope != admin.ScopeRead && scope != admin.ScopeWrite:
				return &usageError{fmt.Sprintf("--scope is read or write, not %q", scope)}
			case action == "revoke" && len(inv.args) != 2:
				return &usageError{"usage: slotwise token revoke NAME"}
			case action != "create" && action != "list" && action != "revoke":
				return &usageError{fmt.Sprintf("token creates, lists or revokes, not %q%s", action, suggest(action, []string{"create", "list", "revoke"}, ""))}
			case action != "revoke" && len(inv.args) > 1:
				return &usageError{fmt.Sprintf("unexpected argument %q (the name is given with --name)", inv.args[1])}
			}
			return withDatabase(ctx, inv.cfg, func(ctx context.Context, a *app) error {
				if !operator {
					var err error
					if ctx, err = forBusiness(ctx, a.pool, business); err != nil {
						return err
					}
				} else {
					scope = admin.ScopeOperator
				}
				switch action {
				case "create":
					t, secret, err := admin.CreateToken(ctx, a.pool, name, scope)
					if err != nil {
						return tokenError(err)
					}
					fmt.Fprintf(inv.stdout, "Token %q (%s) created. It is shown only now; keep it in a secret store:\n%s\n", t.Name, t.Scope, secret)
				case "revoke":
					t, err := admin.RevokeToken(ctx, a.pool, inv.args[1], operator)
					if err != nil {
						return tokenError(err)
					}
					fmt.Fprintf(inv.stdout, "Token %q (%s…) revoked.\n", t.Name, t.Prefix)
				default:
					tokens, err := admin.Tokens(ctx, a.pool, operator)
					if err != nil {
						return err
					}
					w := tabwriter.NewWriter(inv.stdout, 0, 4, 2, ' ', 0)
					fmt.Fprintln(w, "NAME\tSCOPE\tPREFIX\tCREATED\tLAST USED\tREVOKED")
					for _, t := range tokens {
						fmt.Fprintf(w, "%s\t%s\t%s…\t%s\t%s\t%s\n", t.Name, t.Scope, t.Prefix, day(&t.CreatedAt), day(t.LastUsedAt), day(t.RevokedAt))
					}
					return w.Flush()
				}
				return nil
			})
		}}
}

func day(t *time.Time) string {
	if t == nil {
		return "-"
	}
	return t.UTC().Format("2006-01-02 15:04Z")
}

// tokenError words the domain's refusals for the command line.
func tokenError(err error) error {
	for _, known := range []error{admin.ErrTokenName, admin.ErrTokenExists, admin.ErrScope, admin.ErrTokenNotFound} {
		if errors.Is(err, known) {
			return &usageError{known.Error()[len("admin: "):]}
		}
	}
	return err
}
