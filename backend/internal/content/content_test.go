package content_test

import (
	"context"
	"errors"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"slotwise/backend/internal/content"
	"slotwise/backend/internal/content/contenttest"
	"slotwise/backend/internal/db"
	"slotwise/backend/internal/db/dbtest"
	"slotwise/backend/internal/demo"
)

func TestMain(m *testing.M) { dbtest.Main(m) }

// files reads a folder as path → content.
func files(t *testing.T, fsys fs.FS) map[string]string {
	t.Helper()
	out := map[string]string{}
	err := fs.WalkDir(fsys, ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := fs.ReadFile(fsys, p)
		out[p] = string(data)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

func sameFiles(t *testing.T, what string, want, got map[string]string) {
	t.Helper()
	for _, p := range slices.Sorted(maps.Keys(want)) {
		if g, ok := got[p]; !ok {
			t.Errorf("%s: %s is missing", what, p)
		} else if g != want[p] {
			t.Errorf("%s: %s differs:\n--- want\n%.600s\n--- got\n%.600s", what, p, want[p], g)
		}
	}
	for p := range got {
		if _, ok := want[p]; !ok {
			t.Errorf("%s: %s is new", what, p)
		}
	}
}

func importDir(t *testing.T, pool *db.Pool, dir string) content.Result {
	t.Helper()
	folder, err := content.Read(os.DirFS(dir))
	if err != nil {
		t.Fatal(err)
	}
	res, err := content.Import(context.Background(), pool, folder, content.Options{})
	if err != nil {
		t.Fatal(err)
	}
	return res
}

func export(t *testing.T, pool *db.Pool) string {
	t.Helper()
	site, err := content.Load(context.Background(), pool)
	if err != nil {
		t.Fatal(err)
	}
	dir := filepath.Join(t.TempDir(), "site")
	if err := content.Write(dir, site); err != nil {
		t.Fatal(err)
	}
	return dir
}

func TestExportThenImportIsLossless(t *testing.T) {
	for _, tc := range []struct {
		name              string
		folder            fs.FS
		posts, calendars  int
		shippedDemoFolder bool
	}{
		{name: "the demo", folder: demo.Site(), shippedDemoFolder: true},
		{name: "the demo's school in German, translated into English", folder: demo.Yoga(), shippedDemoFolder: true},
		{name: "a site with every kind and shape of content", folder: demo.Site(), posts: 12, calendars: 5},
	} {
		t.Run(tc.name, func(t *testing.T) {
			folder, err := content.Read(tc.folder)
			if err != nil {
				t.Fatal(err)
			}
			site := folder.Site
			if !tc.shippedDemoFolder {
				site = contenttest.Grow(site, tc.posts, tc.calendars)
			}
			written := filepath.Join(t.TempDir(), "site")
			if err := content.Write(written, site); err != nil {
				t.Fatal(err)
			}
			if tc.shippedDemoFolder {
				sameFiles(t, "the demo as shipped and as written", files(t, tc.folder), files(t, os.DirFS(written)))
			}
			first := dbtest.New(t)
			res := importDir(t, first, written)
			if len(res.Changed) == 0 || res.Items == 0 {
				t.Fatalf("the first import wrote nothing: %+v", res)
			}
			exported := export(t, first)
			sameFiles(t, "imported, then exported", files(t, os.DirFS(written)), files(t, os.DirFS(exported)))

			if res := importDir(t, first, written); len(res.Changed) != 0 {
				t.Errorf("importing the same folder again changed %v", res.Changed)
			}
			second := dbtest.New(t)
			importDir(t, second, exported)
			sameFiles(t, "exported from a second database", files(t, os.DirFS(written)), files(t, os.DirFS(export(t, second))))
		})
	}
}

// listen hears the content notifications that invalidate cached pages.
func listen(t *testing.T, pool *db.Pool) func() []string {
	t.Helper()
	ctx := context.Background()
	conn, err := pool.Acquire(ctx)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(conn.Release)
	if _, err := conn.Exec(ctx, `LISTEN slotwise_content`); err != nil {
		t.Fatal(err)
	}
	return func() []string {
		var got []string
		for {
			wctx, cancel := context.WithTimeout(ctx, 300*time.Millisecond)
			n, err := conn.Conn().WaitForNotification(wctx)
			cancel()
			if err != nil {
				slices.Sort(got)
				return slices.Compact(got)
			}
			got = append(got, n.Payload)
		}
	}
}

func TestImportOfAChangedFolderWritesOnlyWhatChanged(t *testing.T) {
	pool, dir, edit := seededFolder(t)
	edit("posts/first-massage.md", "title: What to expect at your first massage", "title: Your first massage")
	edit("calendars/demo-yoga.yaml", "duration: 60", "duration: 75")
	edit("products/lip-balm.yaml", "available: false", "available: true")

	heard := listen(t, pool)
	res := importDir(t, pool, dir)
	if want := map[string]int{"posts": 1, "calendars": 1, "products": 1}; !maps.Equal(res.Changed, want) {
		t.Errorf("changed %v, want %v", res.Changed, want)
	}
	var blog string
	if err := pool.QueryRow(context.Background(), `SELECT 'blog:' || id FROM blogs WHERE path = 'blog'`).Scan(&blog); err != nil {
		t.Fatal(err)
	}
	// Exactly the pages that show what changed: the post, its blog's
	// listings, the product, and the booking pages (a calendar's settings).
	// Each change is told with its business's id.
	var business string
	if err := pool.QueryRow(context.Background(), `SELECT id || '/' FROM locations`).Scan(&business); err != nil {
		t.Fatal(err)
	}
	if got, want := heard(), []string{business + blog, business + "booking-config", business + "post:first-massage", business + "product:lip-balm"}; !slices.Equal(got, want) {
		t.Errorf("invalidated %v, want %v", got, want)
	}
	if res := importDir(t, pool, dir); len(res.Changed) != 0 {
		t.Errorf("the same folder again changed %v", res.Changed)
	}
	if got := heard(); len(got) != 0 {
		t.Errorf("the same folder again invalidated %v", got)
	}
	var duration int
	if err := pool.QueryRow(context.Background(), `SELECT duration_minutes FROM calendars WHERE slug = 'demo-yoga'`).Scan(&duration); err != nil || duration != 75 {
		t.Errorf("yoga lasts %d (%v), want 75", duration, err)
	}
}

func TestImportNamesEveryProblemAndChangesNothing(t *testing.T) {
	pool := dbtest.New(t)
	ctx := context.Background()
	if err := demo.Seed(ctx, pool); err != nil {
		t.Fatal(err)
	}
	dir := export(t, pool)
	write := func(name, text string) {
		t.Helper()
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("calendars/quick-chat.yaml", "name: Quick chat\nduration: 2\nstaff:\n  - mia\n  - nobody\nstaffMode: whoever\n")
	write("posts/orphan.md", "---\ntitle: An orphan\nblog: blog\nauthor: ghost\npublished: true\n---\n\nText.\n")
	write("staff/eve.yaml", "name: Eve\nemail: not-an-address\ntimeZone: Mars/Olympus\nhours:\n  monday:\n    - 17:00-09:00\nagenda:\n  at: \"7:30pm\"\n  day: yesterday\n")
	write("calendars/nagging.yaml", "name: Nagging\nduration: 30\nstaff: [mia]\nreminders:\n  - before: 2 hours\n    to: booker\n"+
		"  - before: 100d\n    to: everyone\n  - before: 1d\n    to: booker\n  - before: 1440\n    to: booker\nfollowUp:\n  after: -1h\n  form: demo-consultation-questions\n")
	write("pages/widget.md", "---\ntitle: Mine\n---\n")
	write("groups/evening.yaml", "id: grp_studio\nname: Evenings\ncalendars: [demo-yoga]\n")
	write("blogs.yaml", "- path: blog\n  title: Journal\n  categories:\n    - {slug: massage, name: Massage}\n    - {slug: skin-care, name: Skin care}\n"+
		"- path: news\n  title: News\n  categories:\n    - {slug: massage, name: Massage}\n")
	write("links.yaml", "- slug: otl_vip-anna\n  calendar: demo-consultation\n  expires: 2027-01-31T23:00:00Z\n")
	write("location.yaml", "slug: demo-studio\nname: Slotwise Demo Studio\ntimeZone: Europe/Berlin\nphone: call me\ncontactForm: demo-quiz\n"+
		"privacyUrl: javascript:alert(1)\nhours:\n  sunday:\n    - 10-12\n")
	before := counts(t, pool)
	importRefused(t, pool, dir, []string{
		`calendars/quick-chat.yaml:2: duration: is 5 to 1440, not 2`,
		`calendars/quick-chat.yaml:5: staff.1: there is no staff member "nobody"`,
		`calendars/quick-chat.yaml:6: staffMode: is one of any, named, collective, not "whoever"`,
		`posts/orphan.md:4: author: there is no author "ghost"`,
		`posts/orphan.md:2: publishedAt: a published post has the time it was published`,
		`staff/eve.yaml:2: email: "not-an-address" is not an e-mail address a mail can be sent to`,
		`staff/eve.yaml:3: timeZone: "Mars/Olympus" is not an IANA time zone such as Europe/Berlin`,
		`staff/eve.yaml:6: hours.monday.0: 17:00-09:00 ends before it starts`,
		`staff/eve.yaml:8: agenda.at: "7:30pm" is not a time of day such as 07:30`,
		`staff/eve.yaml:9: agenda.day: is one of today, tomorrow, not "yesterday"`,
		`calendars/nagging.yaml:5: reminders.0.before: "2 hours" is a duration such as 30m, 2h or 1d`,
		`calendars/nagging.yaml:7: reminders.1.before: is 1m to 90d, not 100d`,
		`calendars/nagging.yaml:8: reminders.1.to: is one of booker, staff, not "everyone"`,
		`calendars/nagging.yaml:11: reminders.3: the same reminder is listed twice`,
		`calendars/nagging.yaml:14: followUp.after: "-1h" is a duration such as 30m, 2h or 1d`,
		`calendars/nagging.yaml:15: followUp.form: "demo-consultation-questions" is a booking form: a follow-up links to a form, quiz or survey`,
		`pages/widget.md: path: /widget/ belongs to the server (widgets, the API, the shop …)`,
		`groups/evening.yaml:1: id: "grp_studio" is already the address of demo-group`,
		`blogs.yaml:9: categories.0.slug: massage is also a category of the blog blog: a category's slug is the site's own`,
		`links.yaml:1: slug: "otl_vip-anna" begins with otl_, which only the links slotwise makes begin with`,
		`location.yaml:4: phone: "call me" is a phone number such as +49 30 1234567`,
		`location.yaml:5: contactForm: there is no form "demo-quiz" (a quiz or a survey is not one)`,
		`location.yaml:6: privacyUrl: "javascript:alert(1)" is a path of this site or an http(s) address`,
		`location.yaml:9: hours.sunday.0: "10-12" is a span such as 09:00-17:00`,
	})
	if after := counts(t, pool); after != before {
		t.Errorf("rows %s after a refused import, %s before", after, before)
	}
}

func TestImportOfAHandWrittenFolderIsStableToo(t *testing.T) {
	pool := dbtest.New(t)
	if err := demo.Seed(context.Background(), pool); err != nil {
		t.Fatal(err)
	}
	dir := export(t, pool)
	// Written by a person: lists in their own order, a heading with spaces
	// around it, a text section's HTML spelt differently.
	files := map[string]string{
		"staff/ana.yaml": "name: Ana\nemail: ana@example.com\ntimeZone: Europe/Lisbon\nhours:\n  monday: [09:00-12:00]\n" +
			"overrides:\n  - {day: 2026-12-31, closed: true}\n  - {day: 2026-12-24, hours: [09:00-11:00]}\n",
		"pages/hello.md": "---\ntitle: Hello\nsections:\n  - {type: heading, text: '  Welcome  '}\n  - {type: text, html: '<b>Hi</b> there'}\n---\nText.\n",
	}
	for name, text := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if res := importDir(t, pool, dir); res.Changed["staff"] != 1 || res.Changed["pages"] != 1 {
		t.Fatalf("the first import changed %v", res.Changed)
	}
	if res := importDir(t, pool, dir); len(res.Changed) != 0 {
		t.Errorf("the same hand-written folder again changed %v", res.Changed)
	}
}

// importRefused imports the folder dir, which must be refused with at
// least the problems want, each as it prints.
func importRefused(t *testing.T, pool *db.Pool, dir string, want []string) {
	t.Helper()
	folder, err := content.Read(os.DirFS(dir))
	if err != nil {
		t.Fatal(err)
	}
	_, err = content.Import(context.Background(), pool, folder, content.Options{})
	var ps content.Problems
	if !errors.As(err, &ps) {
		t.Fatalf("import: %v, want problems", err)
	}
	got := map[string]bool{}
	for _, p := range ps {
		got[p.String()] = true
	}
	for _, w := range want {
		if !got[w] {
			t.Errorf("missing problem %s\nin:\n%v", w, ps)
		}
	}
}

func counts(t *testing.T, pool *db.Pool) string {
	t.Helper()
	var s string
	if err := pool.QueryRow(context.Background(), `SELECT concat_ws(' ', (SELECT count(*) FROM calendars), (SELECT count(*) FROM posts),
		(SELECT count(*) FROM staff), (SELECT count(*) FROM site_pages), (SELECT count(*) FROM calendar_staff))`).Scan(&s); err != nil {
		t.Fatal(err)
	}
	return s
}

func TestReadRefusesWhatIsNotASitesFolder(t *testing.T) {
	for _, tc := range []struct {
		name  string
		files map[string]string
		want  string
	}{
		{"no format file", map[string]string{"location.yaml": "slug: x\n"}, "slotwise.yaml: is missing"},
		{"a newer format", map[string]string{"slotwise.yaml": "format: 9\n"}, "slotwise.yaml:1: format: version 9 is newer"},
		{"a stray file", map[string]string{"slotwise.yaml": "format: 1\n", "calendar/x.yaml": "name: x\n"}, "calendar/x.yaml: is not part of a site's files"},
		{"a field that does not exist", map[string]string{"slotwise.yaml": "format: 1\n", "calendars/x.yaml": "name: X\nduraton: 30\n"},
			"calendars/x.yaml:2: duraton: is not a field here"},
		{"a word for a number", map[string]string{"slotwise.yaml": "format: 1\n", "calendars/x.yaml": "name: X\nduration: half an hour\n"},
			`calendars/x.yaml:2: "half an...` + "\" is not a whole number"},
		{"broken YAML", map[string]string{"slotwise.yaml": "format: 1\n", "staff/x.yaml": "name: [unclosed\n"}, "staff/x.yaml:"},
		{"no front matter", map[string]string{"slotwise.yaml": "format: 1\n", "posts/x.md": "# Title\n"}, "posts/x.md:1: starts with front matter"},
		{"not UTF-8", map[string]string{"slotwise.yaml": "format: 1\n", "pages/x.md": "---\ntitle: \xff\n---\n"}, "pages/x.md: is not UTF-8 text"},
		{"a key twice", map[string]string{"slotwise.yaml": "format: 1\n", "pages/a.md": "---\ntitle: A\n---\n", "pages/a/index.md": "---\ntitle: A\n---\n"},
			`pages "a" is already in pages/a`},
		{"a list's translation written as a list", map[string]string{"slotwise.yaml": "format: 1\n", "tags.de.yaml": "- slug: winter\n  name: Winter\n"},
			"tags.de.yaml:1: holds each original's texts by its key"},
		{"a field a blog category's translation lacks", map[string]string{"slotwise.yaml": "format: 1\n",
			"blogs.de.yaml": "blog:\n  categories:\n    massage:\n      name: Massage\n      colour: red\n"}, "blogs.de.yaml:5: colour: is not a field here"},
		{"the business's translation with a field it lacks", map[string]string{"slotwise.yaml": "format: 1\n", "location.fr.yaml": "name: Studio\nphone: +33 1\n"},
			"location.fr.yaml:2: phone: is not a field here"},
		{"a translation of a list the folder cannot have", map[string]string{"slotwise.yaml": "format: 1\n", "links.de.yaml": "a: b\n"},
			"links.de.yaml: is not part of a site's files"},
		{"a link out of the folder", map[string]string{"slotwise.yaml": "format: 1\n", "media/key.webp": "->/etc/hostname"},
			"media/key.webp: is a link or a special file"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			for name, text := range tc.files {
				p := filepath.Join(dir, name)
				if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
					t.Fatal(err)
				}
				if target, ok := strings.CutPrefix(text, "->"); ok {
					if err := os.Symlink(target, p); err != nil {
						t.Fatal(err)
					}
					continue
				}
				if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			_, err := content.Read(os.DirFS(dir))
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("read: %v, want %q", err, tc.want)
			}
		})
	}
}
