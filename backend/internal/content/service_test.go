package content_test

import (
	"context"
	"errors"
	"fmt"
	"reflect"
	"strings"
	"testing"

	"slotwise/backend/internal/command"
	"slotwise/backend/internal/content"
	"slotwise/backend/internal/db/dbtest"
	"slotwise/backend/internal/demo"
)

func TestAChangeWithAnIdempotencyKeyActsOnce(t *testing.T) {
	pool := dbtest.New(t)
	ctx := context.Background()
	if err := demo.Seed(ctx, pool); err != nil {
		t.Fatal(err)
	}
	svc := content.NewService(pool, nil, nil, nil)
	tags, _ := content.KindNamed("tags")
	create := content.Change{Kind: tags, Body: []byte(`{"slug":"spring","name":"spring"}`), Create: true, IdempotencyKey: "tag-1"}

	first, err := svc.Put(ctx, create)
	if err != nil || first != (content.Changed{Key: "spring", Outcome: content.Created}) {
		t.Fatalf("the first POST: %+v, %v", first, err)
	}
	// Without the key the same POST is refused: the tag exists.
	again := create
	again.IdempotencyKey = ""
	if _, err := svc.Put(ctx, again); !errors.Is(err, content.ErrExists) {
		t.Errorf("the same POST without a key: %v, want ErrExists", err)
	}
	if replay, err := svc.Put(ctx, create); err != nil || replay != first {
		t.Errorf("the same POST with its key: %+v, %v; want the first answer %+v", replay, err, first)
	}
	other := create
	other.Body = []byte(`{"slug":"summer","name":"summer"}`)
	if _, err := svc.Put(ctx, other); !errors.Is(err, command.ErrKeyReused) {
		t.Errorf("the key with another body: %v, want ErrKeyReused", err)
	}

	if err := svc.Delete(ctx, tags, "spring", "delete-1"); err != nil {
		t.Fatalf("DELETE: %v", err)
	}
	if err := svc.Delete(ctx, tags, "spring", "delete-1"); err != nil {
		t.Errorf("the same DELETE with its key: %v, want its first answer", err)
	}
	if err := svc.Delete(ctx, tags, "spring", ""); !errors.Is(err, content.ErrNotFound) {
		t.Errorf("DELETE of what is gone: %v, want ErrNotFound", err)
	}
}

func TestACalendarsRemindersThroughTheAPI(t *testing.T) {
	pool := dbtest.New(t)
	ctx := context.Background()
	if err := demo.Seed(ctx, pool); err != nil {
		t.Fatal(err)
	}
	svc := content.NewService(pool, nil, nil, nil)
	calendars, _ := content.KindNamed("calendars")
	base := `{"slug":"quick","name":"Quick","duration":30,"staff":["mia"]`
	flood := `[` + strings.Repeat(`{"before":"1h","to":"booker"},`, 999) + `{"before":"1h","to":"booker"}]`
	tests := []struct {
		name, extra string
		want        []content.Reminder // nil: refused
		problems    []string           // the fields refused
	}{
		{"left out: the booker, a day before", ``, []content.Reminder{{Before: "24h", To: "booker"}}, nil},
		{"none", `,"reminders":[]`, []content.Reminder{}, nil},
		{"minutes as a number, spelled back in hours", `,"reminders":[{"before":120,"to":"staff"},{"before":"90","to":"booker"}]`,
			[]content.Reminder{{Before: "2h", To: "staff"}, {Before: "90m", To: "booker"}}, nil},
		{"a fraction of a minute", `,"reminders":[{"before":1.5,"to":"booker"}]`, nil, []string{"reminders.0.before"}},
		{"a reminder without its time is refused, not the default's", `,"reminders":[{"to":"staff"}]`, nil, []string{"reminders.0.before"}},
		{"a reminder without whom it goes to", `,"reminders":[{"before":"24h"}]`, nil, []string{"reminders.0.to"}},
		{"a null reminder reads as an empty one, refused for each field", `,"reminders":[null]`, nil, []string{"reminders.0.before", "reminders.0.to"}},
		{"an unknown field", `,"reminders":[{"before":"1h","to":"staff","sms":true}]`, nil, nil},
		{"a field in another case", `,"reminders":[{"before":"1h","To":"staff"}]`, nil, nil},
		{"a field twice", `,"reminders":[{"before":"1h","to":"booker","to":"staff"}]`, nil, nil},
		{"a number for whom it goes to", `,"reminders":[{"before":"1h","to":5}]`, nil, nil},
		{"a flood is one problem", `,"reminders":` + flood, nil, []string{"reminders"}},
		{"not text", `,"reminders":[{"before":"1h\u0000","to":"booker\u202e"}]`, nil, []string{"reminders.0.before", "reminders.0.to"}},
	}
	for i, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			body := strings.Replace(base, `"quick"`, fmt.Sprintf(`"quick-%d"`, i), 1) + tc.extra + `}`
			_, err := svc.Put(ctx, content.Change{Kind: calendars, Body: []byte(body), Create: true})
			var ps content.Problems
			if tc.want == nil && tc.problems == nil {
				if err == nil || errors.As(err, &ps) {
					t.Fatalf("accepted or checked (%v), want the body refused", err)
				}
				return
			}
			if tc.want == nil {
				if !errors.As(err, &ps) {
					t.Fatalf("accepted (%v), want problems with %v", err, tc.problems)
				}
				var fields []string
				for _, p := range ps {
					fields = append(fields, p.Field)
				}
				if strings.Join(fields, ",") != strings.Join(tc.problems, ",") {
					t.Errorf("problems with %v, want %v", fields, tc.problems)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			site, err := content.Load(ctx, pool)
			if err != nil {
				t.Fatal(err)
			}
			for _, c := range site.Calendars {
				if c.Slug == fmt.Sprintf("quick-%d", i) && !reflect.DeepEqual(c.Reminders, tc.want) {
					t.Errorf("kept %+v, want %+v", c.Reminders, tc.want)
				}
			}
		})
	}
}

// A form's definition takes each key as the form engine names it: one in
// another case is a problem of the field it is in, not a field read anyway.
func TestAFormsDefinitionKeysAreMatchedAsWritten(t *testing.T) {
	pool := dbtest.New(t)
	ctx := context.Background()
	if err := demo.Seed(ctx, pool); err != nil {
		t.Fatal(err)
	}
	svc := content.NewService(pool, nil, nil, nil)
	forms, _ := content.KindNamed("forms")
	step := `{"id":"contact","fields":[{"id":"email","type":"email","label":{"en-US":"Email"},"required":true}]}`
	for i, tc := range []struct {
		name, definition string
		field, problem   string // "": accepted
	}{
		{"as written", `{"locale":"en-US","title":{"en-US":"Hello"},"steps":[` + step + `]}`, "", ""},
		{"a key in capitals", `{"locale":"en-US","Title":{"en-US":"Hello"},"steps":[` + step + `]}`,
			"definition", `has the key "Title", which is not a field: keys are matched as written, and the field is "title"`},
		{"a field's key in capitals", `{"locale":"en-US","title":{"en-US":"Hello"},"steps":[` + strings.Replace(step, `"required"`, `"Required"`, 1) + `]}`,
			"definition.steps.0.fields.0", `has the key "Required", which is not a field: keys are matched as written, and the field is "required"`},
		{"a field's label a list", `{"locale":"en-US","title":{"en-US":"Hello"},"steps":[` + strings.Replace(step, `{"en-US":"Email"}`, `["Email"]`, 1) + `]}`,
			"definition.steps.0.fields.0.label", "must be an object, not an array"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			body := fmt.Sprintf(`{"slug":"strict-%d","kind":"form","definition":%s}`, i, tc.definition)
			_, err := svc.Put(ctx, content.Change{Kind: forms, Body: []byte(body), Create: true})
			var ps content.Problems
			switch {
			case tc.field == "" && err != nil:
				t.Fatalf("refused: %v", err)
			case tc.field == "":
			case !errors.As(err, &ps) || len(ps) != 1 || ps[0].Field != tc.field || ps[0].Message != tc.problem:
				t.Errorf("%v, want %s: %s", err, tc.field, tc.problem)
			}
		})
	}
}
