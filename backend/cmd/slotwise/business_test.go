package main

import (
	"bytes"
	"context"
	"errors"
	"strings"
	"testing"

	"slotwise/backend/internal/db/dbtest"
)

// The operator's commands add businesses, give them hosts and take them
// back, each refusal a usage error that says what to do.
func TestTheOperatorAddsBusinessesAndTheirHosts(t *testing.T) {
	t.Setenv("DATABASE_URL", dbtest.URL(t))
	steps := []struct {
		args    []string
		out     string // in stdout
		usage   string // in the usage error; "" for none
		lastOut string // the output's last line begins with it
	}{
		{[]string{"business", "add", "studio", "--name", "Studio"}, `Business "studio" added`, "", ""},
		{[]string{"business", "add", "yoga", "--name", "Yoga am Kanal", "--time-zone", "Europe/Berlin"}, `Business "yoga" added`, "", ""},
		{[]string{"business", "add", "yoga", "--name", "Again"}, "", `there is a business "yoga" already`, ""},
		{[]string{"business", "add", "yoga2", "--name", "Y", "--time-zone", "Mars/Olympus"}, "", "IANA time zone", ""},
		{[]string{"business", "add", "Not_A_Slug", "--name", "X"}, "", "is not a slug", ""},
		{[]string{"host", "add", "Yoga.Example.", "--business", "yoga", "--primary"}, `yoga.example now answers as "yoga"`, "", ""},
		{[]string{"host", "add", "yoga.example", "--business", "studio"}, "", "yoga.example is claimed already", ""},
		{[]string{"host", "add", "www.yoga.example", "--business", "yoga", "--redirect"}, "now answers", "", ""},
		{[]string{"host", "add", "x.example", "--business", "nobody"}, "", `there is no business "nobody"`, ""},
		{[]string{"business", "list"}, "yoga.example (primary), www.yoga.example (redirects)", "", ""},
		{[]string{"token", "create", "--name", "ops", "--operator"}, `Token "ops" (operator) created`, "", "swo_"},
		{[]string{"token", "create", "--name", "ops", "--operator", "--business", "yoga"}, "", "an operator token is the deployment's", ""},
		{[]string{"token", "create", "--name", "crm", "--business", "yoga"}, `Token "crm" (write) created`, "", "swa_"},
		{[]string{"host", "remove", "www.yoga.example"}, "answers no business now", "", ""},
		{[]string{"host", "remove", "www.yoga.example"}, "", "no business claims www.yoga.example", ""},
		{[]string{"business", "remove", "yoga"}, "", "add --yes", ""},
		{[]string{"business", "remove", "yoga", "--yes"}, `Business "yoga" removed`, "", ""},
		{[]string{"business", "default", "--none"}, "get a 404", "", ""},
		{[]string{"business", "default", "yoga"}, "", `there is no business "yoga"`, ""},
		{[]string{"business", "list"}, "studio", "", ""},
	}
	for _, s := range steps {
		var out bytes.Buffer
		err := dispatch(context.Background(), s.args, &out)
		if s.usage != "" {
			if _, usage := errors.AsType[*usageError](err); !usage || !strings.Contains(err.Error(), s.usage) {
				t.Fatalf("%q = %v, want a usage error saying %q", s.args, err, s.usage)
			}
			continue
		}
		if err != nil || !strings.Contains(out.String(), s.out) {
			t.Fatalf("%q = %v, %q; want %q", s.args, err, out.String(), s.out)
		}
		lines := strings.Split(strings.TrimSpace(out.String()), "\n")
		if s.lastOut != "" && !strings.HasPrefix(lines[len(lines)-1], s.lastOut) {
			t.Fatalf("%q: the last line is %q, want the secret alone", s.args, lines[len(lines)-1])
		}
	}
}
