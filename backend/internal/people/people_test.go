package people

import (
	"context"
	"errors"
	"strings"
	"sync"
	"testing"
	"time"

	"slotwise/backend/internal/db"
	"slotwise/backend/internal/db/dbtest"
)

func TestMain(m *testing.M) { dbtest.Main(m) }

// fixture is two businesses with the same staff slug, and a service on a
// clock the test moves.
type fixture struct {
	pool   *db.Pool
	svc    *Service
	now    time.Time
	a, b   context.Context // working for business A, for business B
	staffA int64
}

func newFixture(t *testing.T) *fixture {
	t.Helper()
	pool := dbtest.New(t)
	f := &fixture{pool: pool, now: time.Date(2030, 3, 4, 9, 0, 0, 0, time.UTC)}
	f.svc = NewService(pool, func() time.Time { return f.now })
	f.a = db.WithBusiness(context.Background(), dbtest.Business(t, pool, "a"))
	f.b = db.WithBusiness(context.Background(), dbtest.Business(t, pool, "b"))
	for _, ctx := range []context.Context{f.a, f.b} {
		var id int64
		if err := pool.QueryRow(ctx, `INSERT INTO staff (location_id, slug, name, email, time_zone) VALUES ($1, 'ana', 'Ana', 'ana@example.com', 'UTC') RETURNING id`,
			db.ThisBusiness).Scan(&id); err != nil {
			t.Fatal(err)
		}
		if ctx == f.a {
			f.staffA = id
		}
	}
	return f
}

func (f *fixture) add(t *testing.T, ctx context.Context, email, role string, staff int64) *Person {
	t.Helper()
	p, err := f.svc.Add(ctx, email, role, staff)
	if err != nil {
		t.Fatalf("Add(%q, %s): %v", email, role, err)
	}
	return p
}

func TestAddingAPersonChecksTheAddressTheRoleAndTheStaff(t *testing.T) {
	f := newFixture(t)
	f.add(t, f.a, "owner@example.com", RoleOwner, 0)
	for _, tc := range []struct {
		name, email, role string
		staff             int64
		want              error
	}{
		{"an owner", "second@example.com", RoleOwner, 0, nil},
		{"the front desk", "desk@example.com", RoleDesk, 0, nil},
		{"a staff member with their staff row", "ana@example.com", RoleStaff, f.staffA, nil},
		{"an address taken, in another case", "Owner@Example.com", RoleDesk, 0, ErrExists},
		{"no address", "", RoleOwner, 0, ErrEmail},
		{"an address the mail cannot reach", "owner@localhost", RoleOwner, 0, ErrEmail},
		{"a NUL in the address", "a\x00b@example.com", RoleOwner, 0, ErrEmail},
		{"invalid UTF-8", "\xff@example.com", RoleOwner, 0, ErrEmail},
		{"a huge address", strings.Repeat("a", 300) + "@example.com", RoleOwner, 0, ErrEmail},
		{"an unknown role", "x@example.com", "admin", 0, ErrRole},
		{"a staff member without a staff row", "y@example.com", RoleStaff, 0, ErrStaffRole},
		{"a desk with a staff row", "z@example.com", RoleDesk, f.staffA, ErrStaffRole},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := f.svc.Add(f.a, tc.email, tc.role, tc.staff)
			if !errors.Is(err, tc.want) {
				t.Errorf("Add = %v, want %v", err, tc.want)
			}
		})
	}
	list, err := f.svc.List(f.a)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, p := range list {
		got = append(got, p.Email+" "+p.Role)
	}
	want := "ana@example.com staff,desk@example.com desk,owner@example.com owner,second@example.com owner"
	if strings.Join(got, ",") != want {
		t.Errorf("List = %v, want %s", got, want)
	}
}

func TestAStaffMemberIsOfTheirOwnBusinessesStaff(t *testing.T) {
	f := newFixture(t)
	// A's staff row named while working for B: the row is not B's.
	if _, err := f.svc.Add(f.b, "ana@example.com", RoleStaff, f.staffA); err == nil {
		t.Fatal("B made a person of A's staff member")
	}
}

func TestEachBusinessHasItsOwnPeople(t *testing.T) {
	f := newFixture(t)
	pa := f.add(t, f.a, "sam@example.com", RoleOwner, 0)
	pb := f.add(t, f.b, "sam@example.com", RoleDesk, 0)
	if found, err := f.svc.ByEmail(f.b, "SAM@example.com"); err != nil || found.ID != pb.ID || found.Role != RoleDesk {
		t.Errorf("B's Sam = %+v, %v", found, err)
	}
	if list, err := f.svc.List(f.b); err != nil || len(list) != 1 || list[0].ID != pb.ID {
		t.Errorf("B's people = %+v, %v", list, err)
	}
	// A link of A's person is nobody's on B.
	secret, err := f.svc.IssueLink(f.a, pa.ID, MailedLinkLife)
	if err != nil {
		t.Fatal(err)
	}
	if _, _, err := f.svc.Redeem(f.b, secret, ""); !errors.Is(err, ErrLinkSpent) {
		t.Errorf("A's link on B = %v", err)
	}
	if _, err := f.svc.IssueLink(f.b, pa.ID, MailedLinkLife); !errors.Is(err, ErrNotFound) {
		t.Errorf("B issued a link for A's person: %v", err)
	}
	_, session, err := f.svc.Redeem(f.a, secret, "")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := f.svc.Session(f.b, session); !errors.Is(err, ErrNoSession) {
		t.Errorf("A's session on B = %v", err)
	}
	if n, err := f.svc.SignOutEverywhere(f.b, pa.ID); err != nil || n != 0 {
		t.Errorf("B signed out A's person: %d, %v", n, err)
	}
	if _, err := f.svc.Session(f.a, session); err != nil {
		t.Errorf("A's session after B's attempts: %v", err)
	}
}

func TestTheLastOwnerCannotBeRemoved(t *testing.T) {
	f := newFixture(t)
	f.add(t, f.a, "one@example.com", RoleOwner, 0)
	f.add(t, f.a, "two@example.com", RoleOwner, 0)
	f.add(t, f.a, "desk@example.com", RoleDesk, 0)
	if _, err := f.svc.Remove(f.a, "ONE@example.com"); err != nil {
		t.Fatalf("removing one of two owners: %v", err)
	}
	if _, err := f.svc.Remove(f.a, "two@example.com"); !errors.Is(err, ErrLastOwner) {
		t.Errorf("removing the last owner = %v", err)
	}
	if _, err := f.svc.Remove(f.a, "desk@example.com"); err != nil {
		t.Errorf("removing the desk: %v", err)
	}
	if _, err := f.svc.Remove(f.a, "desk@example.com"); !errors.Is(err, ErrNotFound) {
		t.Errorf("removing twice = %v", err)
	}
	if _, err := f.svc.Remove(f.b, "two@example.com"); !errors.Is(err, ErrNotFound) {
		t.Errorf("B removed A's owner: %v", err)
	}
}

func TestTwoOwnersRemovedAtOnceLeaveOne(t *testing.T) {
	f := newFixture(t)
	f.add(t, f.a, "one@example.com", RoleOwner, 0)
	f.add(t, f.a, "two@example.com", RoleOwner, 0)
	errs := make(chan error, 2)
	var wg sync.WaitGroup
	for _, email := range []string{"one@example.com", "two@example.com"} {
		wg.Go(func() {
			_, err := f.svc.Remove(f.a, email)
			errs <- err
		})
	}
	wg.Wait()
	close(errs)
	removed, refused := 0, 0
	for err := range errs {
		switch {
		case err == nil:
			removed++
		case errors.Is(err, ErrLastOwner):
			refused++
		default:
			t.Error(err)
		}
	}
	if list, err := f.svc.List(f.a); err != nil || removed != 1 || refused != 1 || len(list) != 1 {
		t.Errorf("%d removed, %d refused, %d left (%v); want one of each and one owner left", removed, refused, len(list), err)
	}
}

func TestALinkSignsInOnceBeforeItExpires(t *testing.T) {
	f := newFixture(t)
	p := f.add(t, f.a, "desk@example.com", RoleDesk, 0)
	issue := func(life time.Duration) string {
		secret, err := f.svc.IssueLink(f.a, p.ID, life)
		if err != nil {
			t.Fatal(err)
		}
		return secret
	}
	used := issue(MailedLinkLife)
	if _, _, err := f.svc.Redeem(f.a, used, ""); err != nil {
		t.Fatal(err)
	}
	// Used, while it would still be live.
	if _, _, err := f.svc.Redeem(f.a, used, ""); !errors.Is(err, ErrLinkSpent) {
		t.Errorf("a link used again at once = %v", err)
	}
	if _, err := f.svc.LinkPerson(f.a, used); !errors.Is(err, ErrLinkSpent) {
		t.Errorf("a used link still names its person: %v", err)
	}
	expired := issue(MailedLinkLife)
	f.now = f.now.Add(MailedLinkLife)
	invitation := issue(InvitationLinkLife)
	for _, tc := range []struct{ name, secret string }{
		{"used", used},
		{"expired", expired},
		{"never issued", LinkPrefix + strings.Repeat("A", 26)},
		{"no prefix", strings.TrimPrefix(invitation, LinkPrefix)},
		{"a NUL", invitation + "\x00"},
		{"invalid UTF-8", invitation + "\xff"},
		{"huge", LinkPrefix + strings.Repeat("A", 10_000)},
		{"empty", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if _, err := f.svc.LinkPerson(f.a, tc.secret); !errors.Is(err, ErrLinkSpent) {
				t.Errorf("LinkPerson = %v", err)
			}
			if _, _, err := f.svc.Redeem(f.a, tc.secret, ""); !errors.Is(err, ErrLinkSpent) {
				t.Errorf("Redeem = %v", err)
			}
		})
	}
	// Looking at a link (a mail scanner opening it) does not use it.
	for range 2 {
		if who, err := f.svc.LinkPerson(f.a, invitation); err != nil || who.ID != p.ID {
			t.Fatalf("LinkPerson = %+v, %v", who, err)
		}
	}
	ses, secret, err := f.svc.Redeem(f.a, invitation, "Mozilla/5.0 \x00\xff")
	if err != nil || ses.Person.ID != p.ID || ses.Person.Role != RoleDesk || !ses.SignedInAt.Equal(f.now) {
		t.Fatalf("Redeem = %+v, %v", ses, err)
	}
	if !strings.HasPrefix(secret, sessionPrefix) || strings.Contains(secret, invitation) {
		t.Errorf("session secret %q", secret)
	}
	var kept, plain int
	if err := f.pool.QueryRow(f.a, `SELECT count(*) FILTER (WHERE hash = $1), count(*) FILTER (WHERE position($2 in encode(hash, 'escape')) > 0)
		FROM admin_sessions WHERE location_id = $3`, hash(secret), secret, db.ThisBusiness).Scan(&kept, &plain); err != nil {
		t.Fatal(err)
	}
	if kept != 1 || plain != 0 {
		t.Errorf("the session is kept as its SHA-256 %d times, as itself %d times", kept, plain)
	}
}

// Signed in with one link, a person's older mails open nothing; another
// person's links stay live.
func TestSigningInSpendsThePersonsOtherLinks(t *testing.T) {
	f := newFixture(t)
	p := f.add(t, f.a, "desk@example.com", RoleDesk, 0)
	other := f.add(t, f.a, "owner@example.com", RoleOwner, 0)
	issue := func(id int64) string {
		secret, err := f.svc.IssueLink(f.a, id, MailedLinkLife)
		if err != nil {
			t.Fatal(err)
		}
		return secret
	}
	older, newer, theirs := issue(p.ID), issue(p.ID), issue(other.ID)
	if _, _, err := f.svc.Redeem(f.a, newer, ""); err != nil {
		t.Fatal(err)
	}
	if _, _, err := f.svc.Redeem(f.a, older, ""); !errors.Is(err, ErrLinkSpent) {
		t.Errorf("an older link after signing in = %v, want ErrLinkSpent", err)
	}
	if _, _, err := f.svc.Redeem(f.a, theirs, ""); err != nil {
		t.Errorf("another person's link = %v", err)
	}
}

func TestRequestsRacingWithOneLinkSignInOnce(t *testing.T) {
	f := newFixture(t)
	p := f.add(t, f.a, "desk@example.com", RoleDesk, 0)
	secret, err := f.svc.IssueLink(f.a, p.ID, MailedLinkLife)
	if err != nil {
		t.Fatal(err)
	}
	var wg sync.WaitGroup
	var mu sync.Mutex
	signedIn, spent := 0, 0
	for range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			_, _, err := f.svc.Redeem(f.a, secret, "")
			mu.Lock()
			defer mu.Unlock()
			switch {
			case err == nil:
				signedIn++
			case errors.Is(err, ErrLinkSpent):
				spent++
			default:
				t.Error(err)
			}
		}()
	}
	wg.Wait()
	if signedIn != 1 || spent != 7 {
		t.Errorf("%d signed in, %d found it spent; want 1 and 7", signedIn, spent)
	}
}

func TestASessionEndsIdleTooOldSignedOutOrWithItsPerson(t *testing.T) {
	f := newFixture(t)
	f.add(t, f.a, "owner@example.com", RoleOwner, 0)
	p := f.add(t, f.a, "desk@example.com", RoleDesk, 0)
	signIn := func() string {
		t.Helper()
		link, err := f.svc.IssueLink(f.a, p.ID, MailedLinkLife)
		if err != nil {
			t.Fatal(err)
		}
		_, secret, err := f.svc.Redeem(f.a, link, "")
		if err != nil {
			t.Fatal(err)
		}
		return secret
	}
	live := func(secret string) bool {
		t.Helper()
		_, err := f.svc.Session(f.a, secret)
		if err != nil && !errors.Is(err, ErrNoSession) {
			t.Fatal(err)
		}
		return err == nil
	}
	start := f.now
	t.Run("used through a working day, it lives; idle overnight, it ends", func(t *testing.T) {
		f.now = start
		s := signIn()
		for range 5 { // a request every two hours
			f.now = f.now.Add(2 * time.Hour)
			if !live(s) {
				t.Fatalf("ended at %s", f.now.Sub(start))
			}
		}
		f.now = f.now.Add(IdleLife)
		if live(s) {
			t.Error("alive after a night idle")
		}
	})
	t.Run("used every hour, it still ends a week after signing in", func(t *testing.T) {
		f.now = start
		s := signIn()
		for f.now.Sub(start) < AbsoluteLife-time.Hour {
			f.now = f.now.Add(time.Hour)
			if !live(s) {
				t.Fatalf("ended at %s", f.now.Sub(start))
			}
		}
		f.now = start.Add(AbsoluteLife)
		if live(s) {
			t.Error("alive a week after signing in")
		}
	})
	t.Run("signing out ends it, and only it", func(t *testing.T) {
		f.now = start
		s, other := signIn(), signIn()
		if s == other {
			t.Fatal("two sign-ins gave one session")
		}
		if err := f.svc.SignOut(f.a, s); err != nil {
			t.Fatal(err)
		}
		if live(s) || !live(other) {
			t.Errorf("after signing out: %v, the other %v", live(s), live(other))
		}
		if err := f.svc.SignOut(f.a, s); err != nil {
			t.Errorf("signing out twice: %v", err)
		}
	})
	t.Run("signing out everywhere ends every session of the person", func(t *testing.T) {
		f.now = start
		s, other := signIn(), signIn()
		if n, err := f.svc.SignOutEverywhere(f.a, p.ID); err != nil || n < 2 {
			t.Fatalf("SignOutEverywhere = %d, %v", n, err)
		}
		if live(s) || live(other) {
			t.Error("a session outlived signing out everywhere")
		}
	})
	t.Run("removing the person ends their sessions", func(t *testing.T) {
		f.now = start
		s := signIn()
		if _, err := f.svc.Remove(f.a, p.Email); err != nil {
			t.Fatal(err)
		}
		if live(s) {
			t.Error("a removed person is still signed in")
		}
	})
}

func TestASessionIsRecentForHalfAnHour(t *testing.T) {
	signedIn := time.Date(2030, 3, 4, 9, 0, 0, 0, time.UTC)
	s := &Session{SignedInAt: signedIn}
	for _, tc := range []struct {
		after time.Duration
		want  bool
	}{{0, true}, {29 * time.Minute, true}, {RecentLife, false}, {8 * time.Hour, false}} {
		if got := s.Recent(signedIn.Add(tc.after)); got != tc.want {
			t.Errorf("Recent %s after signing in = %v, want %v", tc.after, got, tc.want)
		}
	}
}

func TestAUserAgentIsKeptAsShortText(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"Mozilla/5.0", "Mozilla/5.0"},
		{"a\x00b\xffc", "abc"},
		{strings.Repeat("é", 200), strings.Repeat("é", 150)},
	} {
		if got := userAgentOf(tc.in); got != tc.want {
			t.Errorf("userAgentOf(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

func TestThePurgeForgetsLinksAndSessionsAMonthPastTheirTime(t *testing.T) {
	f := newFixture(t)
	p := f.add(t, f.a, "desk@example.com", RoleDesk, 0)
	q := f.add(t, f.b, "desk@example.com", RoleDesk, 0)
	start := f.now
	signIn := func(ctx context.Context, id int64) string {
		t.Helper()
		link, err := f.svc.IssueLink(ctx, id, MailedLinkLife)
		if err != nil {
			t.Fatal(err)
		}
		_, secret, err := f.svc.Redeem(ctx, link, "")
		if err != nil {
			t.Fatal(err)
		}
		return secret
	}
	ended := signIn(f.a, p.ID)
	if err := f.svc.SignOut(f.a, ended); err != nil {
		t.Fatal(err)
	}
	idle := signIn(f.b, q.ID)
	if _, err := f.svc.IssueLink(f.a, p.ID, MailedLinkLife); err != nil { // never used
		t.Fatal(err)
	}
	f.now = start.Add(kept + IdleLife - time.Minute)
	live := signIn(f.a, p.ID) // and its link, used
	count := func() (links, sessions int) {
		t.Helper()
		every := db.WithEveryBusiness(context.Background())
		if err := f.pool.QueryRow(every, `SELECT (SELECT count(*) FROM sign_in_links), (SELECT count(*) FROM admin_sessions)`).Scan(&links, &sessions); err != nil {
			t.Fatal(err)
		}
		return links, sessions
	}
	if n, err := f.svc.Purge(db.WithEveryBusiness(context.Background())); err != nil || n != 4 {
		t.Fatalf("Purge = %d, %v; want the three old links and the ended session", n, err)
	}
	if links, sessions := count(); links != 1 || sessions != 2 {
		t.Errorf("after the first purge: %d links, %d sessions; want 1 and 2", links, sessions)
	}
	f.now = f.now.Add(2 * time.Minute) // the idle session ran out a month ago
	if n, err := f.svc.Purge(db.WithEveryBusiness(context.Background())); err != nil || n != 1 {
		t.Fatalf("Purge = %d, %v; want the idle session", n, err)
	}
	if _, err := f.svc.Session(f.b, idle); !errors.Is(err, ErrNoSession) {
		t.Errorf("the idle session: %v", err)
	}
	if _, err := f.svc.Session(f.a, live); err != nil {
		t.Errorf("the live session was purged: %v", err)
	}
}

// A passkey request is answered once, within its minutes, by the browser
// whose cookie carries it; the purge forgets those past their time.
func TestAPasskeyRequestIsAnsweredOnceWithinItsTime(t *testing.T) {
	f := newFixture(t)
	rp := RP{ID: "studio.example", Origin: "https://studio.example", Name: "Studio"}
	_, secret, err := f.svc.BeginPasskeySignIn(f.a, rp)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := f.svc.takeCeremony(f.b, secret, 0); !errors.Is(err, ErrCeremony) {
		t.Errorf("another business's request = %v", err)
	}
	if _, err := f.svc.takeCeremony(f.a, secret, 0); err != nil {
		t.Errorf("the request, once = %v", err)
	}
	if _, err := f.svc.takeCeremony(f.a, secret, 0); !errors.Is(err, ErrCeremony) {
		t.Errorf("the request, twice = %v", err)
	}
	_, late, err := f.svc.BeginPasskeySignIn(f.a, rp)
	if err != nil {
		t.Fatal(err)
	}
	f.now = f.now.Add(CeremonyLife + time.Second)
	if _, err := f.svc.takeCeremony(f.a, late, 0); !errors.Is(err, ErrCeremony) {
		t.Errorf("a request past its time = %v", err)
	}
	if n, err := f.svc.Purge(db.WithEveryBusiness(context.Background())); err != nil || n != 1 {
		t.Errorf("Purge = %d, %v; want the request past its time", n, err)
	}
	if _, _, err := f.svc.BeginPasskeySignIn(f.a, RP{ID: "127.0.0.1", Origin: "http://127.0.0.1:8080"}); !errors.Is(err, ErrNoPasskeysHere) {
		t.Errorf("a passkey on an address = %v", err)
	}
}
