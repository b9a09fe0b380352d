package reminders_test

import (
	"bufio"
	"context"
	"fmt"
	"os"
	"os/exec"
	"strings"
	"testing"
	"time"

	"slotwise/backend/internal/booking"
	"slotwise/backend/internal/content"
	"slotwise/backend/internal/db"
	"slotwise/backend/internal/notify"
	"slotwise/backend/internal/reminders"
)

// helperEnv makes the test binary a worker process of its own (TestMain):
// it claims what is due on the database the variable names, says so, and
// hangs before its commit until it is killed.
const helperEnv = "SLOTWISE_REMINDER_HELPER_DB"

func runHelperWorker() int {
	ctx := context.Background()
	pool, err := db.Open(ctx, os.Getenv(helperEnv))
	if err != nil {
		fmt.Println("error", err)
		return 1
	}
	at, _ := time.Parse(time.RFC3339, os.Getenv("SLOTWISE_REMINDER_HELPER_AT"))
	svc := booking.NewService(pool, quiet, booking.Options{})
	svc.SetClock(func() time.Time { return at })
	w := &reminders.Worker{Pool: pool, Bookings: svc, Now: svc.Now, Logger: quiet, Lease: time.Second,
		Mailer: &booking.Mailer{Service: svc, Mailer: notify.Mailer{Renderer: serverBundle(&testing.T{}), BaseURL: "https://book.example.com",
			From: "studio@example.com", Logger: quiet}},
		BeforeCommit: func(id int64) error {
			fmt.Println("claimed", id)
			select {} // killed here, between rendering and the commit
		}}
	if _, err := w.SendDue(ctx); err != nil {
		fmt.Println("error", err)
	}
	return 1
}

func TestAWorkerProcessKilledMidRoundLosesNothingAndSendsNothingTwice(t *testing.T) {
	f := newFixture(t, utc("2027-03-26 10:00"))
	setReminders(t, f, "demo-consultation", []content.Reminder{{Before: "24h", To: "booker"}}, nil)
	mustBook(t, f, "demo-consultation", mondayAfterChange)
	at := utc("2027-03-28 08:00")

	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), helperEnv+"="+f.pool.Config().ConnString(), "SLOTWISE_REMINDER_HELPER_AT="+at.Format(time.RFC3339))
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	line, err := bufio.NewReader(out).ReadString('\n')
	if err != nil || !strings.HasPrefix(line, "claimed") {
		_ = cmd.Process.Kill()
		t.Fatalf("the worker process said %q (%v)", line, err)
	}
	if err := cmd.Process.Kill(); err != nil { // SIGKILL: no deferred cleanup runs
		t.Fatal(err)
	}
	_ = cmd.Wait()

	if got := f.mails(t, notify.KindReminder); len(got) != 0 {
		t.Fatalf("a killed worker queued %d mails", len(got))
	}
	if n := f.send(t, at); n != 0 {
		t.Fatalf("taken while the dead worker's lease held: %d", n)
	}
	time.Sleep(1200 * time.Millisecond) // real time: the lease is PostgreSQL's
	if n := f.send(t, at); n != 1 {
		t.Fatalf("after the lease ran out: %d sent, want 1", n)
	}
	f.send(t, at.Add(time.Minute))
	if got := f.mails(t, notify.KindReminder); len(got) != 1 {
		t.Errorf("queued %d times, want once", len(got))
	}
}
