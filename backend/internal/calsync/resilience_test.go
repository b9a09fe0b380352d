package calsync_test

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"slotwise/backend/internal/calsync"
	"slotwise/backend/internal/calsync/caldavtest"
)

func TestAnUnchangedCalDAVCalendarCostsOneRequest(t *testing.T) {
	svc, _ := newService(t)
	ctx := context.Background()
	dav := caldavtest.Start(t)
	work := dav.MakeCalendar("work", "Work")
	dav.Put(work, "call", vcal(event("call", "20270302T090000Z", "20270302T100000Z")))
	via := newWatch(t, dav.URL)
	conn, err := svc.Create(ctx, calsync.Input{Staff: "jonas", Kind: calsync.KindCalDAV, URL: via.URL + "/jonas/work/", Username: dav.User, Password: dav.Password})
	if err != nil {
		t.Fatal(err)
	}
	via.reset()
	if _, err := svc.Sync(ctx, conn.ID); err != nil {
		t.Fatal(err)
	}
	if n := via.total(); n != 1 {
		t.Errorf("an unchanged calendar cost %d requests, want 1 (%v)", n, via.methods)
	}
	// A change costs the read of it, and no more than that next time.
	dav.Put(work, "lunch", vcal(event("lunch", "20270302T110000Z", "20270302T120000Z")))
	via.reset()
	if _, err := svc.Sync(ctx, conn.ID); err != nil {
		t.Fatal(err)
	}
	if n := via.methods["REPORT"]; n != 1 {
		t.Errorf("a changed calendar was read %d times", n)
	}
}

func TestAServerThatStopsAnsweringMidSyncKeepsTheLastGoodBusyTimes(t *testing.T) {
	_, pool := newService(t)
	svc := newServiceWith(pool, func(o *calsync.Options) { o.Timeout = 500 * time.Millisecond })
	ctx := context.Background()
	dav := caldavtest.Start(t)
	work := dav.MakeCalendar("work", "Work")
	dav.Put(work, "call", vcal(event("call", "20270302T090000Z", "20270302T100000Z")))
	via := newWatch(t, dav.URL)
	conn, err := svc.Create(ctx, calsync.Input{Staff: "jonas", Kind: calsync.KindCalDAV, URL: via.URL + "/", Username: dav.User, Password: dav.Password})
	if err != nil {
		t.Fatal(err)
	}
	dav.Put(work, "lunch", vcal(event("lunch", "20270302T110000Z", "20270302T120000Z")))
	via.goSilent()
	got, err := svc.Sync(ctx, conn.ID)
	if err != nil {
		t.Fatal(err)
	}
	if got.Status.State != calsync.StateError || !strings.Contains(got.Status.Error, "did not answer in time") {
		t.Errorf("status: %+v", got.Status)
	}
	if b := fmt.Sprint(busyOf(t, pool, "jonas")); b != "[2027-03-02 09:00–10:00]" {
		t.Errorf("busy after the silence %s, want the last good", b)
	}
}

func TestTwoReplicasNeverSyncOneConnectionAtOnce(t *testing.T) {
	first, pool := newService(t)
	second := calsync.NewService(pool, testOptions())
	feed := &feedServer{body: feedOf(event("dentist", "20270302T090000Z", "20270302T100000Z"))}
	via := newWatch(t, httptestURL(t, feed))
	ctx := context.Background()
	for i := range 6 {
		if _, err := first.Create(ctx, calsync.Input{Staff: "jonas", Kind: calsync.KindICS, URL: fmt.Sprintf("%s/feed-%d.ics", via.URL, i)}); err != nil {
			t.Fatal(err)
		}
	}
	via.reset()
	// An hour later, both replicas run their loops; every connection is due once.
	later := func() time.Time { return monday.Add(time.Hour) }
	first.SetClock(later)
	second.SetClock(later)
	run, stop := context.WithTimeout(ctx, 2*time.Second)
	defer stop()
	done := make(chan struct{}, 2)
	for _, svc := range []*calsync.Service{first, second} {
		go func() { svc.Run(run); done <- struct{}{} }()
	}
	<-done
	<-done
	if n := via.total(); n != 6 {
		t.Errorf("6 due connections were fetched %d times, want 6 (each once, by one replica)", n)
	}
	list, _ := first.List(ctx, "jonas")
	for _, c := range list {
		if c.Status.State != calsync.StateOK {
			t.Errorf("%s: %+v", c.URL, c.Status)
		}
	}
}
