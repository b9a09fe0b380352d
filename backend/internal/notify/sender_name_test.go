package notify_test

import (
	"context"
	"strings"
	"testing"

	"slotwise/backend/internal/db"
	"slotwise/backend/internal/db/dbtest"
	"slotwise/backend/internal/notify"
)

// A business's mail goes from the operator's address in the business's
// name, and a reply reaches the business; a mail that names its own
// Reply-To keeps it, and one to the business itself has none. (A mail is
// always a business's: the outbox takes no row of none.)
func TestAMailGoesInItsBusinesssNameAndRepliesReachIt(t *testing.T) {
	pool := dbtest.New(t)
	yoga := dbtest.Business(t, pool, "yoga")
	dbtest.Business(t, pool, "other")
	if _, err := pool.Exec(db.WithBusiness(context.Background(), yoga),
		`UPDATE locations SET name = 'Yoga am Kanal', email = 'hallo@yoga.example' WHERE id = $1`, yoga); err != nil {
		t.Fatal(err)
	}
	onYoga := db.WithBusiness(context.Background(), yoga)
	for _, tc := range []struct {
		name             string
		ctx              context.Context
		to, replyTo      string
		wantFrom, wantRT string
	}{
		{"to a booker", onYoga, "ada@example.com", "", `"Yoga am Kanal via Demo Studio" <noreply@studio.test>`, "hallo@yoga.example"},
		{"with its own reply-to", onYoga, "ada@example.com", "sender@example.com", `"Yoga am Kanal via Demo Studio" <noreply@studio.test>`, "sender@example.com"},
		{"to the business itself", onYoga, "Hallo@Yoga.example", "", `"Yoga am Kanal via Demo Studio" <noreply@studio.test>`, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m := notify.Message{To: tc.to, Subject: "Hallo", Text: "Text", HTML: "<p>Text</p>"}
			if tc.replyTo != "" {
				m.Headers = map[string]string{"Reply-To": tc.replyTo}
			}
			ctx := tc.ctx
			if _, err := pool.Exec(ctx, `DELETE FROM outbox`); err != nil {
				t.Fatal(err)
			}
			if err := notify.Enqueue(ctx, pool, notify.KindConfirmation, testFrom, testFromName, m); err != nil {
				t.Fatal(err)
			}
			var mime string
			if err := pool.QueryRow(ctx, `SELECT convert_from(mime, 'UTF8') FROM outbox`).Scan(&mime); err != nil {
				t.Fatal(err)
			}
			head, _, _ := strings.Cut(mime, "\r\n\r\n")
			if !strings.Contains(head, "From: "+tc.wantFrom) {
				t.Errorf("From is not %s:\n%s", tc.wantFrom, head)
			}
			if got := strings.Contains(head, "Reply-To: "); got != (tc.wantRT != "") || tc.wantRT != "" && !strings.Contains(head, "Reply-To: <"+tc.wantRT+">") && !strings.Contains(head, "Reply-To: "+tc.wantRT) {
				t.Errorf("Reply-To is not %q:\n%s", tc.wantRT, head)
			}
		})
	}
}
