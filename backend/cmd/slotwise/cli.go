package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"

	"slotwise/backend/internal/config"
)

// command is one of the binary's commands: its usage, its flags and what
// it does. Flags may come before, between or after its arguments.
type command struct {
	name     string
	synopsis string // arguments after the name, e.g. "CALENDAR"
	summary  string // one line for the command list
	detail   string // more, for `slotwise help NAME`
	// minArgs and maxArgs bound the positional arguments (maxArgs -1: any).
	minArgs, maxArgs int
	// flags registers the command's flags; database commands register
	// cfg.DatabaseFlags so they reach the database exactly as serve does.
	flags func(fs *flag.FlagSet, cfg *config.Config)
	run   func(ctx context.Context, inv *invocation) error
}

// invocation is a parsed command line.
type invocation struct {
	cfg    *config.Config
	args   []string
	stdout io.Writer
}

// usageError is a command line that cannot run: exit status 2.
type usageError struct{ msg string }

func (e *usageError) Error() string { return e.msg }

// errHelp asks for the usage: it is printed and the exit status is 0.
var errHelp = errors.New("help")

const environment = `Configuration by environment (flags win over it):
  DATABASE_URL                  PostgreSQL to use; without it a private cluster
                                is started in --data-dir
  SLOTWISE_ADDR                 listen address (--addr), default 127.0.0.1:8080
  SLOTWISE_DATA_DIR             data directory (--data-dir), default .data
  SLOTWISE_PUBLIC_URL           public origin for links in pages and mails
  SLOTWISE_SSR_WORKERS, SLOTWISE_RENDER_TIMEOUT, SLOTWISE_LOG_LEVEL
  SLOTWISE_SMTP_*, SLOTWISE_MAIL_FROM*, SLOTWISE_STRIPE_*, SLOTWISE_LIMIT_*,
  SLOTWISE_TRUSTED_ORIGINS, SLOTWISE_FRAME_ANCESTORS, SLOTWISE_TRUSTED_PROXIES,
  SLOTWISE_REDIRECT_ORIGINS, SLOTWISE_ALLOW_PRIVATE_NETWORKS (or SLOTWISE_WEBHOOK_ALLOW_PRIVATE),
  SLOTWISE_CALENDAR_KEYS, SLOTWISE_CALENDAR_SYNC_INTERVAL, SLOTWISE_CALENDAR_UNANSWERED
Every setting is described in docs/operations.md.`

func mainUsage() string {
	var b strings.Builder
	b.WriteString("Slotwise serves booking widgets, forms and a website from one binary.\n\n")
	b.WriteString("usage: slotwise [COMMAND] [ARGUMENTS] [FLAGS]\n\ncommands:\n")
	for _, c := range commands() {
		fmt.Fprintf(&b, "  %-10s %s\n", c.name, c.summary)
	}
	b.WriteString("\nWith no command, slotwise serves. Run \"slotwise help COMMAND\" for a command's arguments and flags.\n\n")
	b.WriteString(environment)
	return b.String()
}

// usage is a command's help: synopsis, description and flags.
func (c *command) usage(fs *flag.FlagSet) string {
	var b strings.Builder
	fmt.Fprintf(&b, "usage: slotwise %s", c.name)
	if c.synopsis != "" {
		b.WriteString(" " + c.synopsis)
	}
	b.WriteString(" [FLAGS]\n\n" + c.summary + "\n")
	if c.detail != "" {
		b.WriteString("\n" + c.detail + "\n")
	}
	b.WriteString("\nflags:\n")
	fs.VisitAll(func(f *flag.Flag) {
		name, usage := flag.UnquoteUsage(f)
		head := "--" + f.Name
		if name != "" {
			head += " " + name
		}
		fmt.Fprintf(&b, "  %-22s %s", head, usage)
		if f.DefValue != "" && f.DefValue != "false" && f.DefValue != "0" {
			fmt.Fprintf(&b, " (default %s)", f.DefValue)
		}
		b.WriteString("\n")
	})
	b.WriteString("  --help                 print this help\n")
	return b.String()
}

func lookup(name string) *command {
	for _, c := range commands() {
		if c.name == name {
			return c
		}
	}
	return nil
}

// dispatch runs the command line args (os.Args[1:]).
func dispatch(ctx context.Context, args []string, stdout io.Writer) error {
	name := "serve"
	if len(args) > 0 {
		switch args[0] {
		case "-h", "-help", "--help":
			fmt.Fprintln(stdout, mainUsage())
			return nil
		case "help":
			return help(args[1:], stdout)
		}
		if !strings.HasPrefix(args[0], "-") {
			name, args = args[0], args[1:]
		}
	}
	c := lookup(name)
	if c == nil {
		return &usageError{fmt.Sprintf("unknown command %q%s\nRun \"slotwise --help\" for the commands.", name, suggest(name, commandNames(), ""))}
	}
	inv, fs, err := c.parse(args, stdout)
	if errors.Is(err, errHelp) {
		fmt.Fprint(stdout, c.usage(fs))
		return nil
	}
	if err != nil {
		return err
	}
	return c.run(ctx, inv)
}

func help(args []string, stdout io.Writer) error {
	if len(args) == 0 {
		fmt.Fprintln(stdout, mainUsage())
		return nil
	}
	c := lookup(args[0])
	if c == nil {
		return &usageError{fmt.Sprintf("there is no command %q%s", args[0], suggest(args[0], commandNames(), ""))}
	}
	fs, _, _ := c.flagSet()
	fmt.Fprint(stdout, c.usage(fs))
	return nil
}

func (c *command) flagSet() (*flag.FlagSet, *config.Config, error) {
	cfg, err := config.Load(os.Getenv)
	if err != nil {
		cfg = &config.Config{}
	}
	fs := flag.NewFlagSet(c.name, flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.Usage = func() {}
	if c.flags != nil {
		c.flags(fs, cfg)
	}
	return fs, cfg, err
}

// parse reads the flags wherever they stand among the arguments.
func (c *command) parse(args []string, stdout io.Writer) (*invocation, *flag.FlagSet, error) {
	fs, cfg, cfgErr := c.flagSet()
	var positional []string
	for {
		if err := fs.Parse(args); err != nil {
			if errors.Is(err, flag.ErrHelp) {
				return nil, fs, errHelp
			}
			return nil, fs, c.flagError(fs, err)
		}
		rest := fs.Args()
		if len(rest) == 0 {
			break
		}
		if len(args) > len(rest) && args[len(args)-len(rest)-1] == "--" {
			positional = append(positional, rest...) // after --, all are arguments
			break
		}
		positional, args = append(positional, rest[0]), rest[1:]
	}
	if cfgErr != nil {
		return nil, fs, cfgErr
	}
	if len(positional) < c.minArgs || c.maxArgs >= 0 && len(positional) > c.maxArgs {
		msg := fmt.Sprintf("usage: slotwise %s %s", c.name, c.synopsis)
		if c.maxArgs >= 0 && len(positional) > c.maxArgs {
			msg = fmt.Sprintf("unexpected argument %q\n%s", positional[c.maxArgs], msg)
		}
		return nil, fs, &usageError{msg + fmt.Sprintf("\nRun \"slotwise help %s\" for more.", c.name)}
	}
	return &invocation{cfg: cfg, args: positional, stdout: stdout}, fs, nil
}

// flagError names the flag meant when one is misspelled.
func (c *command) flagError(fs *flag.FlagSet, err error) error {
	const undefined = "flag provided but not defined: -"
	msg := err.Error()
	if name, ok := strings.CutPrefix(msg, undefined); ok {
		var names []string
		fs.VisitAll(func(f *flag.Flag) { names = append(names, f.Name) })
		msg = fmt.Sprintf("unknown flag --%s for %q%s", name, c.name, suggest(name, names, "--"))
	}
	return &usageError{fmt.Sprintf("%s\nRun \"slotwise help %s\" for its flags.", msg, c.name)}
}

func commandNames() []string {
	var names []string
	for _, c := range commands() {
		names = append(names, c.name)
	}
	return names
}

// suggest is ", did you mean X?" for the candidate closest to name, when
// one is close enough to be what was meant.
func suggest(name string, candidates []string, prefix string) string {
	best, bestDist := "", 3
	for _, c := range candidates {
		d := editDistance(strings.ToLower(name), c)
		if strings.HasPrefix(c, strings.ToLower(name)) && len(name) >= 2 {
			d = 1
		}
		if d < bestDist {
			best, bestDist = c, d
		}
	}
	if best == "" {
		return ""
	}
	return fmt.Sprintf("; did you mean %s%s?", prefix, best)
}

// editDistance is the Levenshtein distance of a and b.
func editDistance(a, b string) int {
	prev := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur := make([]int, len(b)+1)
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = slices.Min([]int{prev[j] + 1, cur[j-1] + 1, prev[j-1] + cost})
		}
		prev = cur
	}
	return prev[len(b)]
}
